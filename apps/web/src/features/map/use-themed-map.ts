import type { MapOptions } from 'maplibre-gl';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type TMapStyleId, useMapStyle } from '../../app/theme/map-style';
import { AttributionControl, MapLibreMap, NavigationControl } from './maplibre';
import {
  appBaseUrl,
  BASEMAP_BOUNDS,
  basemapFor,
  composeStyle,
  configuredStyleUrl,
  mapFontFaces,
  schemeOf,
  type TMapOverlay,
  type TMapScheme,
} from './styles';

export type TThemedMap = {
  map: MapLibreMap | null;
  /** The style is loaded and everything on screen is drawn (MapLibre's `idle`). */
  ready: boolean;
  /** Why the map could not be shown (no WebGL, style failed to load), or null. */
  failure: string | null;
  /** Call after changing data on the map: `ready` goes false until the map is idle again. */
  markBusy: () => void;
  scheme: TMapScheme;
};

/**
 * A MapLibre map in `container` that follows the theme: the basemap is
 * `forecourt-light` / `forecourt-dark` (or a configured tile style) and `overlay(scheme)` is drawn
 * on top. A theme switch restyles the live map with a diff (`setStyle` with `diff: true`), so the
 * camera, popups and data stay as they are and only the colours change.
 *
 * `overlay` is read whenever a style is applied, so it must describe the current data.
 */
export function useThemedMap(
  container: RefObject<HTMLElement | null>,
  {
    overlay,
    options,
  }: {
    overlay: (scheme: TMapScheme) => TMapOverlay;
    /** Camera and interaction options, read once when the map is created. */
    options?: Omit<MapOptions, 'container' | 'style'>;
  },
): TThemedMap {
  const styleId = useMapStyle();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Read by MapLibre callbacks that outlive a render.
  const latest = useRef({ overlay, options, styleId });
  useLayoutEffect(() => {
    latest.current = { overlay, options, styleId };
  });
  const appliedStyle = useRef<TMapStyleId | null>(null);

  const applyStyle = useCallback((instance: MapLibreMap, id: TMapStyleId, diff: boolean) => {
    const baseUrl = appBaseUrl();
    const scheme = schemeOf(id);
    appliedStyle.current = id;
    instance.setStyle(basemapFor(id, baseUrl), {
      diff,
      transformStyle: (_previous, next) =>
        composeStyle(next, latest.current.overlay(scheme), mapFontFaces(baseUrl)),
    });
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let instance: MapLibreMap;
    try {
      instance = new MapLibreMap({
        container: element,
        attributionControl: false,
        ...latest.current.options,
      });
    } catch (error) {
      console.warn('The map could not start', error);
      setFailure(
        'This browser cannot draw the map (WebGL is unavailable). The list view shows the same stations.',
      );
      return;
    }
    let everLoaded = false;
    instance.on('load', () => {
      everLoaded = true;
    });
    instance.on('idle', () => setReady(true));
    instance.on('error', (event) => {
      console.warn('Map error:', event.error?.message ?? event);
      if (!everLoaded) setFailure('The map could not be loaded. The list view shows the same stations.');
    });
    // Zoom buttons for pointer users; they live and die with the map (no separate cleanup).
    instance.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    const attribution = new AttributionControl({ compact: true });
    instance.addControl(attribution, 'bottom-right');
    if (isPhoneScreen()) foldAttribution(attribution);
    // The offline basemap covers South Asia only: keep the camera on it.
    if (!configuredStyleUrl(schemeOf(latest.current.styleId))) instance.setMaxBounds(BASEMAP_BOUNDS);
    applyStyle(instance, latest.current.styleId, false);
    // The instance on its element, for automation and debugging (the e2e scenarios find a cluster's
    // position on screen through it, then click there like a person would).
    Object.assign(element, { maplibreMap: instance });
    setMap(instance);
    return () => {
      Reflect.deleteProperty(element, 'maplibreMap');
      instance.remove();
      setMap(null);
      setReady(false);
      appliedStyle.current = null;
    };
  }, [container, applyStyle]);

  useEffect(() => {
    if (!map || appliedStyle.current === styleId) return;
    setReady(false);
    applyStyle(map, styleId, true);
  }, [map, styleId, applyStyle]);

  const markBusy = useCallback(() => setReady(false), []);
  return { map, ready, failure, markBusy, scheme: schemeOf(styleId) };
}

/** Below Mantine's `sm` breakpoint, as the app's phone styles (app/phone.css). */
function isPhoneScreen(): boolean {
  return window.matchMedia?.('(max-width: 47.99em)').matches === true;
}

/**
 * On a phone the sources' credits would cover a good part of a small map until it is first moved
 * (MapLibre opens its compact attribution at the start): they start folded to the "i" button, as
 * after a drag, and a click or Enter on it shows them. The `<details>` element is closed too, so
 * assistive tech hears the button as collapsed.
 */
function foldAttribution(control: AttributionControl): void {
  control._updateCompactMinimize();
  control._container.removeAttribute('open');
}
