import { describe, expect, it } from 'vitest';

import { bidsRequests } from './bids-requests';

const campaign = (advertId: number, bids: number) => ({ advertId, bids: Array.from({ length: bids }, (_, index) => index) });
const shape = (requests: { advertId: number; bids: number[] }[][]) =>
  requests.map((request) => request.map((entry) => [entry.advertId, entry.bids.length]));

describe('bidsRequests', () => {
  it('puts at most 50 campaigns in a request, in the order given', () => {
    const requests = bidsRequests(Array.from({ length: 120 }, (_, index) => campaign(index + 1, 2)));
    expect(requests.map((request) => request.length)).toEqual([50, 50, 20]);
    expect(requests.flat().map((entry) => entry.advertId)).toEqual(Array.from({ length: 120 }, (_, index) => index + 1));
  });

  it("splits a campaign's bids 50 a request, never twice in one request; the next campaign joins its last part", () => {
    expect(shape(bidsRequests([campaign(1, 3), campaign(2, 120), campaign(3, 1)]))).toEqual([
      [
        [1, 3],
        [2, 50],
      ],
      [[2, 50]],
      [
        [2, 20],
        [3, 1],
      ],
    ]);
  });

  it('sends nothing for no campaigns, and nothing for a campaign without bids', () => {
    expect(bidsRequests([])).toEqual([]);
    expect(bidsRequests([campaign(1, 0)])).toEqual([]);
  });
});
