import { Link } from 'react-router-dom';

/** Where the backend keeps no branches (the hosted build): said plainly, with the way to ask instead. */
export function NoBranchPages() {
  return (
    <p className="status">
      The branches are not listed on this website yet. To find the branch nearest you, please <Link to="/contact">contact us</Link>.
    </p>
  );
}
