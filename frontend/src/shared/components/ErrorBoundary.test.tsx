import { render } from '@/test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

let broken = true;
function Fragile() {
  if (broken) throw new Error('chunk missing');
  return <p>page</p>;
}

function Boundary({ resetKey }: { resetKey: string }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={(_retry, error) => <p>{`failed: ${(error as Error).message}`}</p>}>
      <Fragile />
    </ErrorBoundary>
  );
}

describe('the error boundary', () => {
  it('shows the failure it caught until its reset key changes, then renders the children again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    const { rerender } = render(<Boundary resetKey="/index" />);
    expect(screen.getByText('failed: chunk missing')).toBeTruthy();
    broken = false;
    rerender(<Boundary resetKey="/index" />);
    expect(screen.getByText('failed: chunk missing')).toBeTruthy();
    rerender(<Boundary resetKey="/base/dict" />);
    expect(screen.getByText('page')).toBeTruthy();
  });
});
