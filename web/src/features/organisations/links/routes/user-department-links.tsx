import { UserLinksPage } from '../components/user-links-page';
import { DEPARTMENT_LINKS } from '../rules';

/** 'All User-Department connections': every user-department link the user may see. */
export function UserDepartmentLinksRoute() {
  return <UserLinksPage kind={DEPARTMENT_LINKS} />;
}

export { UserDepartmentLinksRoute as Component };
