/**
 * A chart's width (src/results/charts/useShown.ts): unknown until ResizeObserver's first report, and never left
 * unknown after it, even when the report finds the element not laid out yet (no width), or there is no element.
 */
import { act, renderHook } from '@testing-library/react';
import { useWidth } from '../../src/results/charts/useShown';

let reports: (() => void)[] = [];

beforeEach(() => {
  reports = [];
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    constructor(private readonly cb: () => void) {}
    observe(): void {
      reports.push(() => this.cb());
    }
    disconnect(): void {}
  };
});
afterEach(() => {
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

function element(width: number): HTMLElement {
  const el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => width });
  return el;
}

test('null until the first report, then the measured width', () => {
  const ref = { current: element(420) };
  const { result } = renderHook(() => useWidth(ref));
  expect(result.current).toBeNull();
  act(() => reports.forEach((r) => r()));
  expect(result.current).toBe(420);
});

test('a first report of no width gives the fallback, so the chart is still drawn', () => {
  const ref = { current: element(0) };
  const { result } = renderHook(() => useWidth(ref, 600));
  act(() => reports.forEach((r) => r()));
  expect(result.current).toBe(600);
});

test('with no element to watch the fallback width is used', () => {
  const ref = { current: null };
  const { result } = renderHook(() => useWidth(ref, 600));
  expect(result.current).toBe(600);
});
