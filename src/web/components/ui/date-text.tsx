const formats = {
  date: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }),
  datetime: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
};

/** A timestamp from the API as a readable date in the browser's locale, machine-readable in `dateTime`. */
export function DateText({ value, format = 'date', className }: { value: string | Date; format?: keyof typeof formats; className?: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span className={className}>—</span>;
  return (
    <time dateTime={date.toISOString()} title={formats.datetime.format(date)} className={className}>
      {formats[format].format(date)}
    </time>
  );
}
