import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateInput, displayDay, parseDisplayDay } from '../date-input';

afterEach(cleanup);

describe('DateInput', () => {
  it('reads a day the en-IN way, day before month, and refuses days that do not exist', () => {
    expect(parseDisplayDay('25/11/2026')).toBe('2026-11-25');
    expect(parseDisplayDay('5-1-2027')).toBe('2027-01-05');
    expect(parseDisplayDay(' 01.02.2026 ')).toBe('2026-02-01');
    expect(parseDisplayDay('11/25/2026')).toBeNull();
    expect(parseDisplayDay('31/02/2026')).toBeNull();
    expect(parseDisplayDay('2026-11-25')).toBeNull();
    expect(displayDay('2026-11-25')).toBe('25/11/2026');
    expect(displayDay('')).toBe('');
  });

  it('shows the value as dd/mm/yyyy and hands back YYYY-MM-DD as the user types', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    function Harness() {
      const [value, setValue] = useState('2026-11-25');
      return (
        <>
          <label htmlFor="day">Start Date</label>
          <DateInput
            id="day"
            pickerLabel="Open a calendar for the start day"
            value={value}
            onChange={(next) => {
              seen.push(next);
              setValue(next);
            }}
          />
          <output>{value}</output>
        </>
      );
    }
    render(<Harness />);
    const box = screen.getByLabelText('Start Date');
    expect(box).toHaveValue('25/11/2026');
    expect(box).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await user.clear(box);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.type(box, '1/12/2026');
    expect(screen.getByRole('status')).toHaveTextContent('2026-12-01');
    await user.tab();
    expect(box).toHaveValue('01/12/2026');
    await user.clear(box);
    await user.type(box, '31/02/2026');
    expect(screen.getByRole('status')).toHaveTextContent('31/02/2026');
    expect(screen.getByRole('button', { name: 'Open a calendar for the start day' })).toBeInTheDocument();
    expect(seen).toContain('');
  });
});
