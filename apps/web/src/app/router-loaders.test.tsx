import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STATION, stationMetrics, stationPath } from '../features/metrics/test-fixtures';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';
import { signIn, withMe } from '../test/session';

/** A promise to answer a request with later. */
function held() {
  let release: (response: Response) => void = () => undefined;
  const answer = new Promise<Response>((done) => {
    release = done;
  });
  return { answer, release };
}

describe('route loaders start a screen’s data with its code', () => {
  beforeEach(() => signIn('admin'));
  afterEach(() => document.body.replaceChildren());

  it('asks for a station and its metrics at once, not one after the other', async () => {
    const station = held();
    const fetchMock = stubFetch(
      withMe((request) => {
        if (request.url.pathname === `/api/stations/${STATION.slug}`) return station.answer;
        if (request.url.pathname === stationPath('metrics')) return jsonResponse(stationMetrics());
        return errorResponse(404, 'NOT_FOUND', 'Not found');
      }),
    );
    renderApp(`/stations/${STATION.slug}/metrics`);

    // The metrics request leaves while the station's answer is still outstanding.
    await waitFor(() => expect(callsTo(fetchMock, stationPath('metrics'))).toHaveLength(1));
    expect(callsTo(fetchMock, `/api/stations/${STATION.slug}`)).toHaveLength(1);

    station.release(jsonResponse(STATION));
    expect(await screen.findByTestId('volume-l')).toBeTruthy();
    // The screen used the loader's answer: one request each.
    expect(callsTo(fetchMock, stationPath('metrics'))).toHaveLength(1);
    expect(callsTo(fetchMock, `/api/stations/${STATION.slug}`)).toHaveLength(1);
  });
});
