import { IdPolice } from '@extranet/core';
import { useNavigate, useParams } from 'react-router-dom';
import { RouteKey } from '../../shared/RouteKey.tsx';
import { PolicyDetail } from './PolicyDetail.tsx';

/** `police/{id}`: a policy's detail on its own page. */
const PolicyPage = () => {
  const { id } = useParams();
  const navigate = useNavigate();
  return (
    <RouteKey schema={IdPolice} text={id}>
      {(idPolice) => <PolicyDetail idPolice={idPolice} heading="h1" onBack={() => navigate(-1)} />}
    </RouteKey>
  );
};

export default PolicyPage;
