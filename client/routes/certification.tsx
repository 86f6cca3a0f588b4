import { useParams } from 'wouter';
import { CertificationDetailPanel } from '../features/certifications/certification-detail';

/** /certifications/:id — one certification's steps, the caller's standing and certificate, its holders. */
export default function CertificationPage() {
  const { id = '' } = useParams<{ id: string }>();
  return <CertificationDetailPanel key={id} id={id} />;
}
