import { useEffect, useState } from 'react';
import { logosPerPage, unmeasuredLogosPerPage } from './carousel-rules';

/** Logos per page for the current window width: 3 until measured after mount, then follows resizes. */
export function useLogosPerPage(): number {
  const [perPage, setPerPage] = useState(unmeasuredLogosPerPage);
  useEffect(() => {
    const measure = () => setPerPage(logosPerPage(window.innerWidth));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return perPage;
}
