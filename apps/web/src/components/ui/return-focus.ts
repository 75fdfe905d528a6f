import { useState } from 'react';

/**
 * Where focus goes back to when a dialog closes: the element that had it when the
 * dialog opened (the button that opened it). Our dialogs are rendered while open
 * rather than through a Radix `Trigger`, so Radix alone would leave focus on the page body.
 * Returns the handler for Radix's `onCloseAutoFocus`.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (event: Event) => {
    if (opener instanceof HTMLElement && opener.isConnected) {
      event.preventDefault();
      opener.focus();
    }
  };
}
