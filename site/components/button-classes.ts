/** The look of buttons, shared by the Button component and links styled as buttons. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** `sm`: a smaller text where a row must fit a phone's width (still at least 44 px tall). */
export type ButtonSize = 'md' | 'sm';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const sizes: Record<ButtonSize, string> = {
  md: 'px-5 py-2.5 text-base',
  sm: 'px-4 py-2 text-sm',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand hover:bg-brand-strong',
  secondary: 'border border-line bg-surface-2 text-text hover:border-brand',
  ghost: 'text-brand underline-offset-4 hover:underline',
  danger: 'border border-danger text-danger hover:bg-danger hover:text-ink',
};

export function buttonClasses(variant: ButtonVariant = 'primary', extra = '', size: ButtonSize = 'md'): string {
  return `${base} ${sizes[size]} ${variants[variant]} ${extra}`.trim();
}
