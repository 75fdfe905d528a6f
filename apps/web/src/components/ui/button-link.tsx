import { Link, type LinkProps } from 'react-router';
import { type ButtonProps, buttonClassName } from './button';

/** A navigation link that looks like a `Button` (it stays a link for assistive technology). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...props
}: LinkProps & Pick<ButtonProps, 'variant' | 'size'>) {
  return <Link className={`${buttonClassName(variant, size)} ${className}`} {...props} />;
}
