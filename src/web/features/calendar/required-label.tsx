/** A field label with the asterisk of a required field (hidden from screen readers, which hear "required"). */
export function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}
      <span aria-hidden className="ml-0.5 text-red-600">
        *
      </span>
    </>
  );
}
