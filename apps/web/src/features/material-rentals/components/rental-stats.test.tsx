import type { RentalStatsDto } from '@stockyard/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocationCards, RentalStats } from './rental-stats';

const byLocation = (count: number): RentalStatsDto['byLocation'] =>
  Array.from({ length: count }, (_, index) => ({
    location: { id: index + 1, name: `Site ${index + 1}` },
    rented: 10,
    returned: index === 0 ? 10 : 4,
    writtenOff: 0,
    damaged: 0,
    lost: 0,
    outstanding: index === 0 ? 0 : 6,
  }));

afterEach(cleanup);

describe('the rentals overview', () => {
  it('shows the four counts of rentals and the items rented, returned, damaged, lost and outstanding', () => {
    render(
      <RentalStats
        state="ready"
        showCounts
        onRetry={() => undefined}
        stats={{
          total: 12,
          active: 7,
          returned: 3,
          overdue: 2,
          itemsRented: 180,
          itemsReturned: 160,
          itemsWrittenOff: 15,
          itemsDamaged: 10,
          itemsLost: 5,
          itemsOutstanding: 5,
          byLocation: [],
        }}
      />,
    );
    const stats = within(screen.getByRole('region', { name: 'Rental statistics' }));
    // Counts of rentals say Rentals, quantities say Items: no word stands for both.
    expect(stats.getByTestId('stat-Total Rentals').textContent).toBe('12');
    expect(stats.getByTestId('stat-Active Rentals').textContent).toBe('7');
    expect(stats.getByTestId('stat-Returned Rentals').textContent).toBe('3');
    expect(stats.getByTestId('stat-Overdue Rentals').textContent).toBe('2');
    const figures = Object.fromEntries(
      stats.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]),
    );
    expect(figures).toEqual({
      'Items Rented': '180',
      'Items Returned': '160',
      'Items Damaged': '10',
      'Items Lost': '5',
      'Items Outstanding': '5',
    });
  });

  it('leaves the four counts to the admin: a field manager has the items overview', () => {
    const stats = {
      total: 1,
      active: 1,
      returned: 0,
      overdue: 0,
      itemsRented: 14,
      itemsReturned: 5,
      itemsWrittenOff: 0,
      itemsDamaged: 0,
      itemsLost: 0,
      itemsOutstanding: 9,
      byLocation: [],
    };
    render(
      <RentalStats state="ready" showCounts={false} onRetry={() => undefined} stats={stats} />,
    );
    expect(screen.queryByTestId('stat-Total Rentals')).toBeNull();
    expect(screen.getByText('Items Outstanding').nextSibling?.textContent).toBe('9');
  });

  it("keeps a card's place while the figures load, so that the list below does not move (issue 52)", () => {
    render(<LocationCards byLocation={undefined} ownLocationId={2} />);
    const section = screen.getByRole('region', { name: 'Rentals by location' });
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(section.querySelector('[data-skeleton]')?.className).toContain('h-[14rem]');
    expect(screen.queryAllByRole('group')).toHaveLength(0);
  });

  it("gives a field manager their own card only, marked 'Your Location'", () => {
    render(<LocationCards byLocation={byLocation(3)} ownLocationId={2} />);
    const cards = screen.getAllByRole('group');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain('Site 2');
    expect(cards[0]!.textContent).toContain('Your Location');
    expect(cards[0]!.textContent).toContain('6 items pending return');
    expect(cards[0]!.textContent).toContain('Items Damaged0Items Lost0');
    expect(screen.queryByText('Scroll to see more locations')).toBeNull();
  });

  it('gives an admin every card, scrolling past six, and warns only where items are out', () => {
    const { unmount } = render(<LocationCards byLocation={byLocation(6)} ownLocationId={null} />);
    expect(screen.getAllByRole('group')).toHaveLength(6);
    expect(screen.queryByText('Scroll to see more locations')).toBeNull();
    expect(screen.queryByText('Your Location')).toBeNull();
    expect(screen.getAllByText('6 items pending return')).toHaveLength(5);
    expect(screen.queryByRole('region', { name: 'Location cards' })).toBeNull();
    unmount();

    render(<LocationCards byLocation={byLocation(7)} ownLocationId={null} />);
    expect(screen.getAllByRole('group')).toHaveLength(7);
    expect(screen.getByText('Scroll to see more locations')).toBeTruthy();
    expect(screen.getByTestId('location-cards').className).toContain('overflow-y-auto');
    // A keyboard reaches the scrolling cards and scrolls them with the arrow keys.
    expect(screen.getByRole('region', { name: 'Location cards' }).tabIndex).toBe(0);
  });
});
