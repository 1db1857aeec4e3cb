import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSiteStore } from '@gota/shared/store';
import { fakeViewportEachTest } from '@gota/shared/testing';
import { JoinSection } from './join-section';

// the test says when the section comes into view
const view = fakeViewportEachTest();

const section = () => screen.getByRole('region', { name: 'Juntos sumamos' });
const scrolledTo = (y: number) => Object.defineProperty(window, 'scrollY', { configurable: true, value: y });

afterEach(() => {
  scrolledTo(0);
  useSiteStore.setState({ contactForm: false });
});

describe('JoinSection', () => {
  it('draws 2 s after it comes into view when the page is scrolled at most 50 px', () => {
    scrolledTo(50);
    render(<JoinSection />);
    expect(section()).toHaveAttribute('data-drawn', 'false');
    view(true);
    act(() => void vi.advanceTimersByTime(1999));
    expect(section()).toHaveAttribute('data-drawn', 'false');
    act(() => void vi.advanceTimersByTime(1));
    expect(section()).toHaveAttribute('data-drawn', 'true');
  });

  it('draws at once when the visitor scrolled to it', () => {
    scrolledTo(51);
    render(<JoinSection />);
    view(false);
    expect(section()).toHaveAttribute('data-drawn', 'false');
    view(true);
    expect(section()).toHaveAttribute('data-drawn', 'true');
  });

  it('opens the contact form', () => {
    render(<JoinSection />);
    fireEvent.click(screen.getByRole('button', { name: '¿quieres sumarte?' }));
    expect(useSiteStore.getState().contactForm).toBe(true);
  });
});
