import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';

/** The public home until the marketing site arrives: who this is, and the way in for staff. */
export default function HomePage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 text-center">
      <Logo />
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-gray-900">Welcome</h1>
      <Button asChild className="mt-8" variant="secondary">
        <Link to="/login">Staff sign in</Link>
      </Button>
    </main>
  );
}
