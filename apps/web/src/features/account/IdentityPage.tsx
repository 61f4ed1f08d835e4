import { AccountFrame } from '../../components/AccountFrame';
import { IdentityView } from './IdentityView';
import './account.css';

/** Identity verification (/authentication) inside the account area. */
export default function IdentityPage() {
  return (
    <AccountFrame active="identity">
      <IdentityView />
    </AccountFrame>
  );
}
