import userGuide from '../content/user-guide.md?raw';
import { GuidePage } from '../components/guide-page';

/** /user-guide: how to use Hive, for everyone signed in. */
export function Component() {
  return <GuidePage title="User Guide" markdown={userGuide} />;
}
