/** How the app writes dates and times (in text built outside JSX too). */
export const DATE_FORMATS = {
  date: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }),
  datetime: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
};

/** A timestamp from the API as a readable date in the browser's locale, machine-readable in `dateTime`. */
export function DateText({ value, format = 'date', className }: { value: string | Date; format?: keyof typeof DATE_FORMATS; className?: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span className={className}>—</span>;
  return (
    <time dateTime={date.toISOString()} title={DATE_FORMATS.datetime.format(date)} className={className}>
      {DATE_FORMATS[format].format(date)}
    </time>
  );
}
