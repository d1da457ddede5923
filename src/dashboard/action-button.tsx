import { CsrfField } from "./layout";

/** A form that posts to one action of one object, with the CSRF field; a danger one asks first (confirm.tsx). */
export function ActionButton(props: { action: string; label: string; csrf: string; danger?: boolean; name?: string }) {
  return (
    <form method="post" action={props.action}>
      <CsrfField token={props.csrf} />
      <button
        type="submit"
        class={props.danger ? "danger" : "secondary"}
        aria-label={props.name ? `${props.label} ${props.name}` : undefined}
      >
        {props.label}
      </button>
    </form>
  );
}
