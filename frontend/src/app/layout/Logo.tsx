import { Link } from 'react-router';
import { useLoginSettings } from '@/app/session/api';
import { useProductTitle } from '@/app/usePageTitle';

export function Logo({ collapsed }: { collapsed: boolean }) {
  const title = useProductTitle();
  const logo = useLoginSettings().data?.logo;
  return (
    <Link to="/" className="app-logo" aria-label={title}>
      <img src={logo || '/favicon.svg'} alt="" />
      {collapsed ? null : <span>{title}</span>}
    </Link>
  );
}
