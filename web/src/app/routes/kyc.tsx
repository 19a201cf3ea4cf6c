import { Navigate, useNavigate } from 'react-router-dom';
import { PageLayout } from '@/components/layout/page-layout';
import { KycScreen } from '@/features/kyc/components/kyc-screen';
import { useAuth } from '@/lib/auth';

/** `/kyc`: a tutor's identity verification outside onboarding (first time, or after a rejection). */
export default function KycRoute() {
  const { profile } = useAuth();
  const navigate = useNavigate();
  if (profile?.role !== 'tuteur') return <Navigate to="/" replace />;
  return (
    <PageLayout title="Vérification d'identité">
      <KycScreen onDone={() => navigate('/', { replace: true })} />
    </PageLayout>
  );
}
