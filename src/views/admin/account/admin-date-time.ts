// The site's fixed zone, with the time: several sign-ins may happen in a day.
const format = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Dublin',
});

export function adminDateTime(iso: string): string {
  return format.format(Date.parse(iso));
}
