import { useNavigate, useParams } from 'react-router-dom';
import { PolicyDetail } from './PolicyDetail.tsx';

/** `police/{id}`: a policy's detail on its own page. */
const PolicyPage = () => {
  const { id } = useParams();
  const navigate = useNavigate();
  return <PolicyDetail idPolice={Number(id)} onBack={() => navigate(-1)} />;
};

export default PolicyPage;
