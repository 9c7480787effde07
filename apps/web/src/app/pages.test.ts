import { ROUTES } from '@stockyard/shared';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages';

describe('the pages of the route table', () => {
  it('has a page for every route of the shared table, and no page outside it', () => {
    expect(Object.keys(PAGES).sort()).toEqual(ROUTES.map((route) => route.path).sort());
  });
});
