import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { moveTone } from '../lib/ticker';
import { Sparkline, sparklinePoints } from './sparkline';

afterEach(cleanup);

describe('moveTone (the redUp setting)', () => {
  it('shows up in green and down in red by default, the other way round with redUp', () => {
    expect(moveTone('up', false)).toBe('green');
    expect(moveTone('down', false)).toBe('red');
    expect(moveTone('up', true)).toBe('red');
    expect(moveTone('down', true)).toBe('green');
    expect(moveTone('flat', true)).toBe('flat');
  });
});

describe('Sparkline', () => {
  it('spans the box: the lowest close at the bottom, the highest at the top', () => {
    expect(sparklinePoints([10, 30, 20])).toBe('0.0,28.0 50.0,4.0 100.0,16.0');
    // A flat line stays on the bottom edge instead of dividing by zero.
    expect(sparklinePoints([5, 5])).toBe('0.0,28.0 100.0,28.0');
  });

  it('draws a line coloured by direction and redUp, and nothing for fewer than two closes', () => {
    const { rerender, container } = render(
      <Sparkline values={[1, 2, 3]} direction="up" redUp={false} />,
    );
    const line = screen.getByTestId('sparkline');
    expect(line.getAttribute('class')).toContain('sparkline--green');
    expect(line.querySelector('polyline')?.getAttribute('points')).toBe(
      '0.0,28.0 50.0,16.0 100.0,4.0',
    );
    rerender(<Sparkline values={[1, 2, 3]} direction="up" redUp />);
    expect(screen.getByTestId('sparkline').getAttribute('class')).toContain('sparkline--red');
    rerender(<Sparkline values={[3, 1]} direction="down" redUp />);
    expect(screen.getByTestId('sparkline').getAttribute('class')).toContain('sparkline--green');
    rerender(<Sparkline values={[3]} direction="down" redUp />);
    expect(screen.queryByTestId('sparkline')).toBeNull();
    expect(container.querySelector('.sparkline--empty')).not.toBeNull();
  });
});
