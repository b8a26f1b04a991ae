import { LocationSelect } from '@/features/places';
import { useCurrentUser } from '@/lib/current-user';
import { isDepartmentManager } from '@/lib/permissions';
import type { LocationField } from './advanced-search-modal';
import { SearchBox } from './search-box';

/** The advanced search's Location: the shared place search (GET /locations). */
const SearchLocation: LocationField = ({ value, onChange }) => (
  <LocationSelect
    label="Location"
    description="Freelancers within the radius of this place"
    value={value}
    onChange={onChange}
  />
);

/**
 * The top bar's search, for department managers only (spec part 1 §6): staff and freelancers
 * see no box, since the server would refuse them.
 */
export function TopBarSearch() {
  const user = useCurrentUser();
  if (!isDepartmentManager(user)) return null;
  return <SearchBox location={SearchLocation} />;
}
