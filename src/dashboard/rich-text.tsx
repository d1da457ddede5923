/**
 * Text from the API (help, descriptions, error sentences) with its Markdown code spans shown as
 * `<code>`; nothing else is interpreted, so the rest stays plain, escaped text. Code spans are the
 * one construct these sentences use, too little to bring in a Markdown library for.
 */
export function RichText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return <>{parts.map((part, index) => (index % 2 === 1 ? <code>{part}</code> : part))}</>;
}
