import { AccountFrame } from './AccountFrame';
import { IdentityView } from './IdentityView';

/** Identity verification (/authentication) inside the account area. */
export default function IdentityPage() {
  return (
    <AccountFrame active="identity">
      <IdentityView />
    </AccountFrame>
  );
}
