import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

export default function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 text-center">
      <p className="text-7xl font-bold tracking-tight text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-gray-900">Oops! Page not found</h1>
      <p className="mt-2 text-gray-600">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8" size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
