import { Link } from 'react-router';
import { useLoginSettings } from '@/shared/session/loginSettings';
import { useProductTitle } from '@/shared/session/usePageTitle';

/** `light`: on the white top bar of the horizontal layout rather than the dark sidebar. */
export function Logo({ collapsed, light = false }: { collapsed: boolean; light?: boolean }) {
  const title = useProductTitle();
  const logo = useLoginSettings()?.logo;
  return (
    <Link to="/" className={light ? 'app-logo app-logo-light' : 'app-logo'} aria-label={title}>
      <img src={logo || '/favicon.svg'} alt="" />
      {collapsed ? null : <span>{title}</span>}
    </Link>
  );
}
