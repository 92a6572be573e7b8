import 'leaflet/dist/leaflet.css';
import './maps.css';
import { useQuery } from '@tanstack/react-query';
import { map as leafletMap, tileLayer, type Map as LeafletMap, type MapOptions } from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapSettings } from '../../../contract/maps';
import { mapQueries } from './api';

/** Leaflet writes the credit as HTML; MAP_TILE_ATTRIBUTION is plain text, and its URL an http(s) one. */
const asHtmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const creditOf = ({ attribution, attributionUrl }: MapSettings) =>
  attributionUrl ? `<a href="${asHtmlText(attributionUrl)}" target="_blank" rel="noopener noreferrer">${asHtmlText(attribution)}</a>` : asHtmlText(attribution);

/**
 * A Leaflet map in the container for as long as the component lives, with the server's tiles
 * (MAP_TILE_URL) underneath once GET /api/map answers. Offline the tiles fail and stay hidden, and
 * the markers and lines drawn on it still show, on a blank background: a map that works with no
 * network. Only the map pages load this module (and Leaflet with it), lazily.
 */
export function useLeafletMap(options: MapOptions = {}): [ref: (container: HTMLDivElement | null) => () => void, map: LeafletMap | null] {
  const [created, setCreated] = useState<LeafletMap | null>(null);
  const settings = useQuery(mapQueries.settings()).data;
  const fixedOptions = useRef(options);
  // The container's ref: the map lives exactly as long as its element (React 19 calls the cleanup).
  const ref = useCallback((container: HTMLDivElement | null) => {
    if (!container) return () => {};
    // Scrolling the page on a phone must not zoom the map instead.
    const map = leafletMap(container, { scrollWheelZoom: false, ...fixedOptions.current });
    setCreated(map);
    return () => {
      map.remove();
      setCreated(null);
    };
  }, []);
  useEffect(() => {
    if (!created || !settings) return;
    const tiles = tileLayer(settings.tileUrl, { attribution: creditOf(settings), maxZoom: 19 }).addTo(created);
    return () => void tiles.remove();
  }, [created, settings]);
  return [ref, created];
}

/** Blank, not Leaflet's grey, where there are no tiles. */
export const MAP_BACKGROUND = '#f8fafc';
