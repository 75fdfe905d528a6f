import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, Input } from '../field';

afterEach(cleanup);

describe('Field', () => {
  it('names its control by the label and describes it by the hint and the error', () => {
    render(
      <Field label="Product Name" required hint="As shoppers see it" error="Product name is required">
        {(control) => <Input {...control} />}
      </Field>,
    );

    const input = screen.getByRole('textbox', { name: 'Product Name' });
    expect(input).toHaveAccessibleDescription('As shoppers see it Product name is required');
    expect(input).toBeInvalid();
    expect(input).toBeRequired();
  });

  it('leaves a valid control undescribed', () => {
    render(<Field label="Brand">{(control) => <Input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'Brand' });
    expect(input).not.toBeInvalid();
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});
