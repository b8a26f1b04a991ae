import { UserLinksPage } from '../components/user-links-page';
import { ENTITY_LINKS } from '../rules';

/** 'All User-Entity connections': every user-entity link the user may see. */
export function UserEntityLinksRoute() {
  return <UserLinksPage kind={ENTITY_LINKS} />;
}

export { UserEntityLinksRoute as Component };
