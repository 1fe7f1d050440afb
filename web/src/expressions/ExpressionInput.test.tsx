import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpressionInput, type PreviewResult } from './ExpressionInput';

const context = { ancestors: [{ label: 'request', sample: { body: { name: 'Ada' } } }], input: undefined };

function Harness(props: { preview?: (text: string) => Promise<PreviewResult>; initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <>
      <label htmlFor="f">Field</label>
      <ExpressionInput
        id="f"
        value={value}
        onChange={setValue}
        context={context}
        preview={props.preview}
        previewDelayMs={10}
      />
    </>
  );
}

const type = (input: HTMLInputElement, value: string) => {
  fireEvent.change(input, { target: { value, selectionStart: value.length } });
};

afterEach(cleanup);

describe('ExpressionInput', () => {
  it('is a labelled combobox that lists suggestions after $ and picks one with Enter', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Field' }) as HTMLInputElement;
    type(input, '$re');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['$requestnode output']);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('$request');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('walks fields with the arrows and closes on Escape', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    type(input, '$');
    const count = screen.getAllByRole('option').length;
    expect(count).toBeGreaterThan(2);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[count - 1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryAllByRole('option')).toEqual([]);
    type(input, '$request.body.');
    fireEvent.mouseDown(screen.getByRole('option', { name: /name/ }));
    expect(input.value).toBe('$request.body.name');
  });

  it('previews finished expressions, shows errors, and skips plain text', async () => {
    vi.useFakeTimers();
    try {
      const preview = vi.fn(async (text: string): Promise<PreviewResult> =>
        text.includes('bad') ? { ok: false, error: 'Unknown function bad' } : { ok: true, value: 'Ada' },
      );
      render(<Harness preview={preview} />);
      const input = screen.getByRole('combobox') as HTMLInputElement;
      type(input, 'plain');
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(preview).not.toHaveBeenCalled();
      type(input, '$request.body.name == "');
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(preview).not.toHaveBeenCalled();
      type(input, '$request.body.name');
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(preview).toHaveBeenCalledWith('$request.body.name');
      expect(screen.getByTestId('expression-preview').textContent).toBe('= "Ada"');
      type(input, '$bad()');
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(screen.getByTestId('expression-preview').textContent).toBe('Unknown function bad');
    } finally {
      vi.useRealTimers();
    }
  });
});
