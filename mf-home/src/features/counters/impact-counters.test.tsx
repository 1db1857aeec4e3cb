import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fakeViewportEachTest } from '@gota/shared/testing';
import { ImpactCounters } from './impact-counters';
import { exampleCounters } from './example-counters';
import { formatCount } from './use-count-up';

// the test says when the section enters or leaves the viewport
const view = fakeViewportEachTest();
const shown = () => [...document.querySelectorAll('[data-counter]')].map((node) => node.textContent);

describe('formatCount', () => {
  it('writes the prefix, the suffix and the decimals', () => {
    expect(formatCount(15, { prefix: '+' })).toBe('+15');
    expect(formatCount(0.64, { decimals: 1, suffix: ' M' })).toBe('0.6 M');
    expect(formatCount(18.6, { suffix: ' L' })).toBe('19 L');
  });
});

describe('ImpactCounters', () => {
  it('renders the final figures on the server, for a reader without JavaScript', () => {
    const html = renderToString(<ImpactCounters counters={exampleCounters} />);
    for (const figure of ['+15', '25', '1.6 M', '19 L']) expect(html).toContain(`>${figure}</span>`);
  });

  it('once live, goes to 0 while out of view, then reaches the targets in 2000 ms when in view', () => {
    render(<ImpactCounters counters={exampleCounters} />);
    expect(shown()).toEqual(['+15', '25', '1.6 M', '19 L']);
    view(false);
    expect(shown()).toEqual(['+0', '0', '0.0 M', '0 L']);
    act(() => void vi.advanceTimersByTime(5000));
    expect(shown()).toEqual(['+0', '0', '0.0 M', '0 L']);

    view(true);
    act(() => void vi.advanceTimersByTime(1008)); // 63 steps of 16 ms: about half way
    const [companies, , litres] = shown();
    expect(companies).toBe('+8');
    expect(litres).toMatch(/^0\.8 M$/);
    act(() => void vi.advanceTimersByTime(992));
    expect(shown()).toEqual(['+15', '25', '1.6 M', '19 L']);
  });

  it('resets to 0 when the section leaves the viewport and counts again when it comes back', () => {
    render(<ImpactCounters counters={exampleCounters} />);
    view(true);
    act(() => void vi.advanceTimersByTime(2000));
    view(false);
    expect(shown()).toEqual(['+0', '0', '0.0 M', '0 L']);
    view(true);
    act(() => void vi.advanceTimersByTime(2000));
    expect(shown()).toEqual(['+15', '25', '1.6 M', '19 L']);
  });

  it('gives screen readers the final figures, never the ticking numbers', () => {
    render(<ImpactCounters counters={exampleCounters} />);
    const region = screen.getByRole('region', { name: 'Nuestro impacto' });
    for (const text of [
      '+15 empresas aliadas',
      '25 iniciativas',
      '1.6 M litros de agua ahorrados cada día',
      '19 L de agua ahorrados por segundo',
    ]) {
      expect(region).toHaveTextContent(text);
    }
    for (const node of document.querySelectorAll('[data-counter]')) expect(node).toHaveAttribute('aria-hidden', 'true');
  });
});
