import type { ButtonHTMLAttributes } from 'react';

const variants = {
  primary: 'bg-brand-gradient text-white shadow-sm hover:opacity-95 disabled:opacity-60',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-60',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:opacity-60',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:opacity-60',
  ghost: 'text-slate-600 hover:bg-slate-100 disabled:opacity-60',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: 'sm' | 'md';
}

/** The classes of a button of this variant and size, for links that look like buttons. */
export function buttonClassName(variant: keyof typeof variants = 'primary', size: 'sm' | 'md' = 'md'): string {
  const sizing = size === 'sm' ? 'px-3 py-1.5 text-xs' : 'px-4 py-2 text-sm';
  return `inline-flex items-center justify-center gap-2 rounded-lg font-medium transition disabled:cursor-not-allowed ${sizing} ${variants[variant]}`;
}

/** The back office's button; `type` defaults to "button" so forms submit only on purpose. */
export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={`${buttonClassName(variant, size)} ${className}`} {...props} />;
}
