import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { NOT_FOUND_TITLE } from './page-title';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">{NOT_FOUND_TITLE}</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      <div className="flex gap-2">
        <Button onClick={() => navigate('/')}>Go Home</Button>
        <Button variant="outline" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </div>
    </div>
  );
}
