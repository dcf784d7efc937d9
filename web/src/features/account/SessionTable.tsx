import type { SessionLine } from '@extranet/core';
import { Badge, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * Sessions as a table (stacked on a phone): device, address, started, last used, the one in use
 * marked. `onEnd` adds a sign-out button to each session but the one in use.
 */
export const SessionTable = ({
  lines,
  busy,
  onEnd,
}: {
  readonly lines: readonly SessionLine[];
  readonly busy: boolean;
  readonly onEnd?: (id: number) => void;
}) => {
  const { t } = useTranslation();
  const label = (key: string) => t(`settings.sessions.${key}`);
  return (
    <Table size="sm" responsive className="table-stack" data-testid="sessions-table">
      <thead>
        <tr>
          <th scope="col">{label('device')}</th>
          <th scope="col">{label('address')}</th>
          <th scope="col">{label('started')}</th>
          <th scope="col">{label('lastUsed')}</th>
          {onEnd && (
            <th scope="col">
              <span className="visually-hidden">{label('end')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} data-testid="session-row" data-current={line.current}>
            <td data-label={label('device')}>
              {line.device}{' '}
              {line.current && (
                <Badge bg="success" data-testid="session-current">
                  {label('current')}
                </Badge>
              )}
            </td>
            <td data-label={label('address')}>{line.address}</td>
            <td data-label={label('started')}>{line.started}</td>
            <td data-label={label('lastUsed')}>{line.lastUsed}</td>
            {onEnd && (
              <td>
                {!line.current && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={busy}
                    aria-label={t('settings.sessions.endNamed', {
                      device: line.device,
                      address: line.address,
                    })}
                    onClick={() => onEnd(line.id)}
                  >
                    {label('end')}
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
};
