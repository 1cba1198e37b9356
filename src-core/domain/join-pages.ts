// Alone in its file: the route table is in every page's first load, and needs only these two
// addresses, not the join form's texts (src-core/domain/joining.ts).

/** The join page, and where its form posts when script has not run (Post/Redirect/Get). */
export const JOIN_PAGES = {
  form: '/join',
  thanks: '/join/thanks',
} as const;
