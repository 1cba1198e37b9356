/** The months' names, January first: a module of its own, so a page that names a month loads nothing else. */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
