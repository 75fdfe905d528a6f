import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DayRange } from '../day-range';

afterEach(cleanup);

function Harness({ bounded }: { bounded?: boolean }) {
  const [range, setRange] = useState({ from: '2026-11-01', to: '2026-11-30' });
  return (
    <>
      <DayRange
        from={range.from}
        to={range.to}
        onFromChange={(from) => setRange((now) => ({ ...now, from }))}
        onToChange={(to) => setRange((now) => ({ ...now, to }))}
        {...(bounded !== undefined && { bounded })}
      />
      <output>
        {range.from}..{range.to}
      </output>
    </>
  );
}

/** The browser's calendar behind each box (hidden, opened by the button). */
function calendars(container: HTMLElement): HTMLInputElement[] {
  return [...container.querySelectorAll<HTMLInputElement>('input[type="date"]')];
}

describe('DayRange', () => {
  it('labels the two days From and To and hands back each day typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByLabelText('From')).toHaveValue('01/11/2026');
    expect(screen.getByLabelText('To')).toHaveValue('30/11/2026');
    expect(screen.getByRole('button', { name: 'Open a calendar for the first day' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open a calendar for the last day' })).toBeVisible();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '15/11/2026');
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-01..2026-11-15');
  });

  it('stops each calendar at the other day, unless told it need not', () => {
    const { container, unmount } = render(<Harness />);
    const [from, to] = calendars(container);
    expect(from).toHaveAttribute('max', '2026-11-30');
    expect(to).toHaveAttribute('min', '2026-11-01');
    unmount();
    const unbounded = render(<Harness bounded={false} />);
    const [freeFrom, freeTo] = calendars(unbounded.container);
    expect(freeFrom).not.toHaveAttribute('max');
    expect(freeTo).not.toHaveAttribute('min');
  });
});
