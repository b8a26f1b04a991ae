/** Salford as the location search (GET /locations) suggests it: the places and profile tests. */
export const salford = {
  formatted_address: 'Salford, England, United Kingdom',
  geometry: { location: { lat: 53.48771, lng: -2.29042 } },
  name: 'Salford',
  country: 'GB',
  location_name: 'Salford, England, United Kingdom',
  latitude: 53.48771,
  longitude: -2.29042,
};
