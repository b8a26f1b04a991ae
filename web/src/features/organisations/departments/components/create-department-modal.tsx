import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { orgMessages } from '@/features/organisations/shared/rules';
import { searchClients } from '@/lib/pickers';
import { RecordPicker } from '@/ui/record-picker';
import { useCreateDepartment } from '../api/create-department';
import { DepartmentForm } from './department-form';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The client (the entity page); without it the form asks for one. */
  clientId?: number;
  /** Open the new department's page afterwards (the grid); the entity page stays put. */
  openAfterCreate?: boolean;
}

/** 'Add department': the quick form in a dialog, with a client picker when none is given. */
export function CreateDepartmentModal({ opened, onClose, clientId, openAfterCreate }: Props) {
  const create = useCreateDepartment();
  const navigate = useNavigate();
  const [pickedClient, setPickedClient] = useState<string | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);

  const close = () => {
    setPickedClient(null);
    setClientError(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add department" size="lg">
      <DepartmentForm
        submitLabel="Create department"
        onCancel={close}
        validateExtra={() => {
          const ok = !!clientId || !!pickedClient;
          setClientError(ok ? null : orgMessages.required);
          return ok;
        }}
        before={
          clientId ? undefined : (
            <RecordPicker
              kind="entity:client"
              label="Client"
              placeholder="Search clients by name"
              required
              search={searchClients}
              value={pickedClient}
              error={clientError}
              onChange={(v) => {
                setPickedClient(v);
                if (v) setClientError(null);
              }}
            />
          )
        }
        onSubmit={async (values) => {
          const department = await create.mutateAsync({
            ...values,
            clientId: clientId ?? Number(pickedClient),
          });
          notify(toasts.departmentCreated(department.name));
          close();
          if (openAfterCreate) await navigate(paths.editDepartment(department.id));
        }}
      />
    </Modal>
  );
}
