import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../testing';
import { PlacePicker, type PlaceSource } from './place-picker';

interface TestPlace {
  label: string;
  name: string;
  latitude: number;
  longitude: number;
}

const FITZROY: TestPlace = {
  label: 'Fitzroy, Victoria, Australia',
  name: 'Fitzroy',
  latitude: -37.79839,
  longitude: 144.97833,
};
const FITZROY_NORTH: TestPlace = {
  label: 'Fitzroy North, Victoria, Australia',
  name: 'Fitzroy North',
  latitude: -37.78333,
  longitude: 144.98333,
};

function fakeSource(reverseAnswer: TestPlace | null = FITZROY) {
  return {
    search: vi.fn(async (query: string, _signal: AbortSignal) =>
      [FITZROY, FITZROY_NORTH].filter((place) =>
        place.name.toLowerCase().startsWith(query.toLowerCase()),
      ),
    ),
    reverse: vi.fn(
      async (_point: { latitude: number; longitude: number }, _signal: AbortSignal) =>
        reverseAnswer,
    ),
  };
}

/** The picker in a form, as registration uses it: the chosen place is what the form keeps. */
function Harness({
  source,
  initial = null,
  onPicked,
  debounceMs = 10,
}: {
  source: PlaceSource<TestPlace>;
  initial?: TestPlace | null;
  onPicked: (place: TestPlace | null) => void;
  debounceMs?: number;
}) {
  const [place, setPlace] = useState<TestPlace | null>(initial);
  return (
    <PlacePicker
      source={source}
      value={place}
      onChange={(next) => {
        setPlace(next);
        onPicked(next);
      }}
      label="Your suburb or town"
      description="Start typing, then choose from the list."
      debounceMs={debounceMs}
    />
  );
}

function stubGeolocation(
  answer: (success: PositionCallback, failure: PositionErrorCallback) => void,
) {
  const geolocation = { getCurrentPosition: vi.fn(answer) };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return geolocation;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('PlacePicker', () => {
  it('has an accessible name and description, and searches after a pause in typing', async () => {
    const user = userEvent.setup();
    const source = fakeSource();
    // A pause far longer than a key takes even on a busy machine.
    renderWithUi(<Harness source={source} onPicked={() => {}} debounceMs={1000} />);

    const input = screen.getByRole('combobox', { name: 'Your suburb or town' });
    expect(input).toHaveAccessibleDescription('Start typing, then choose from the list.');
    await user.type(input, 'fitz');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Fitzroy, Victoria, Australia',
      'Fitzroy North, Victoria, Australia',
    ]);
    // One search for the settled text, not one per key.
    expect(source.search).toHaveBeenCalledTimes(1);
    expect(source.search.mock.calls[0][0]).toBe('fitz');
    expect(screen.getByRole('listbox', { name: 'Places' })).toBeInTheDocument();
  });

  it('does not search for a single letter', async () => {
    const user = userEvent.setup();
    const source = fakeSource();
    renderWithUi(<Harness source={source} onPicked={() => {}} />);
    await user.type(screen.getByRole('combobox'), 'f');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(source.search).not.toHaveBeenCalled();
  });

  it('chooses a place by click, carrying its point, and shows it as the text', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    renderWithUi(<Harness source={fakeSource()} onPicked={picked} />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'fitz');
    await user.click(
      await screen.findByRole('option', { name: 'Fitzroy North, Victoria, Australia' }),
    );
    expect(picked).toHaveBeenLastCalledWith(FITZROY_NORTH);
    expect(input).toHaveValue('Fitzroy North, Victoria, Australia');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('is operable by keyboard: the best match is ready for Enter, arrows move between places', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    renderWithUi(<Harness source={fakeSource()} onPicked={picked} />);
    const input = screen.getByRole('combobox');
    await user.click(input);
    await user.keyboard('fitz');
    await screen.findAllByRole('option');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /^Fitzroy, / })).toHaveAttribute(
        'data-combobox-selected',
      ),
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /^Fitzroy North/ })).toHaveAttribute(
      'data-combobox-selected',
    );
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenLastCalledWith(FITZROY_NORTH);
    expect(input).toHaveValue('Fitzroy North, Victoria, Australia');
  });

  it('clears the choice as soon as the text is changed, so a half-typed name is never kept', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    renderWithUi(<Harness source={fakeSource()} initial={FITZROY} onPicked={picked} />);
    const input = screen.getByRole('combobox');
    expect(input).toHaveValue('Fitzroy, Victoria, Australia');
    await user.type(input, '{Backspace}');
    expect(picked).toHaveBeenLastCalledWith(null);
  });

  it('says so when nothing matches, and when the search fails', async () => {
    const user = userEvent.setup();
    const source = fakeSource();
    renderWithUi(<Harness source={source} onPicked={() => {}} />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'qqq');
    expect(
      await screen.findByText('No place matches “qqq”. Check the spelling, or try a nearby town.'),
    ).toBeInTheDocument();
    source.search.mockRejectedValueOnce(new Error('offline'));
    await user.type(input, 'x');
    expect(
      await screen.findByText('Places could not be looked up just now. Try again.'),
    ).toBeInTheDocument();
  });

  it('“Use my location” names the place at the browser’s position, keeping that point roughly', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    const geolocation = stubGeolocation((success) =>
      success({
        coords: { latitude: -37.799321, longitude: 144.978712 },
      } as GeolocationPosition),
    );
    const source = fakeSource();
    renderWithUi(<Harness source={source} onPicked={picked} />);

    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(picked).toHaveBeenCalled());
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(source.reverse.mock.calls[0][0]).toEqual({ latitude: -37.799, longitude: 144.979 });
    expect(picked).toHaveBeenLastCalledWith({
      ...FITZROY,
      latitude: -37.799,
      longitude: 144.979,
    });
    expect(screen.getByRole('combobox')).toHaveValue('Fitzroy, Victoria, Australia');
    expect(screen.getByText('Found your area: Fitzroy, Victoria, Australia.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('explains a refused permission and a position no place is near, and keeps typing possible', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    stubGeolocation((_success, failure) =>
      failure?.({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: 'denied',
      } as GeolocationPositionError),
    );
    const source = fakeSource(null);
    renderWithUi(<Harness source={source} onPicked={picked} />);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/did not let Plantfolk see your location/)).toBeInTheDocument();
    expect(source.reverse).not.toHaveBeenCalled();

    stubGeolocation((success) =>
      success({ coords: { latitude: 0, longitude: -140 } } as GeolocationPosition),
    );
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/No town we know of is near your location/)).toBeInTheDocument();
    expect(picked).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox')).toBeEnabled();
  });

  it('disables “Use my location” where the browser cannot share a position', () => {
    renderWithUi(<Harness source={fakeSource()} onPicked={() => {}} />);
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeDisabled();
  });
});
