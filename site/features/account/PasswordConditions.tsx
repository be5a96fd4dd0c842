import {
  PASSWORD_CONDITIONS,
  PASSWORD_CONDITIONS_TITLE,
  PASSWORD_CONDITION_STATE_TEXTS,
  type PasswordConditionState,
} from '#shared/validation/password-rule.ts';

export interface PasswordConditionsProps {
  /** The list's id: the password input names it in its `aria-describedby`. */
  id: string;
  /** What is typed so far. */
  value: string;
}

const stateClasses: Record<PasswordConditionState, string> = {
  met: 'text-success',
  unmet: 'text-muted',
  broken: 'text-danger',
};

function StateIcon({ state }: { state: PasswordConditionState }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="mt-px size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {state === 'met' && <path d="m4.5 10.5 3.5 3.5 7.5-8" />}
      {state === 'unmet' && <circle cx="10" cy="10" r="6" />}
      {state === 'broken' && <path d="m5.5 5.5 9 9m0-9-9 9" />}
    </svg>
  );
}

/**
 * The password rule shown before anything is typed, each condition ticked as the person types.
 * A screen reader hears the list with the field (it describes it) and, as one types, each
 * condition whose state changes ('Una letra mayúscula: cumplido'), not the whole list again.
 */
export function PasswordConditions({ id, value }: PasswordConditionsProps) {
  const titleId = `${id}-title`;
  return (
    <div id={id} className="rounded-lg border border-line/70 px-3 py-2 text-sm">
      <p id={titleId} className="font-medium text-text">
        {PASSWORD_CONDITIONS_TITLE}
      </p>
      <ul aria-labelledby={titleId} aria-live="polite" className="mt-1 grid gap-1">
        {PASSWORD_CONDITIONS.map((condition) => {
          const state = condition.state(value);
          return (
            <li
              key={condition.id}
              aria-atomic="true"
              data-password-condition={condition.id}
              data-state={state}
              className={`flex items-start gap-2 ${stateClasses[state]}`}
            >
              <StateIcon state={state} />
              <span>
                {condition.text}
                <span className="sr-only">: {PASSWORD_CONDITION_STATE_TEXTS[state]}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
