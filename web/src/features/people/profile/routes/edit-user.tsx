import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuditButton } from '@/features/audit';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { useRecordQuery } from '@/lib/record-query';
import { isAdmin, isFreelancer } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { RecordLoadStates } from '@/ui/record-not-found';
import { DocumentsTab } from '@/features/people/files/components/documents-tab';
import { ProfileImageUpload } from '@/features/people/files/components/profile-image-upload';
import { FreelancerStats } from '@/features/people/notes/components/freelancer-stats';
import { InternalNotesTab } from '@/features/people/notes/components/internal-notes-tab';
import { ProfileActions } from '@/features/people/notes/components/profile-actions';
import { profileQueryOptions } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { Connections } from '../components/connections';
import { ProfileForm } from '../components/profile-form';

/** A user who does not exist or whom the viewer may not see (the server's 404 or 403). */
const notFound = {
  title: 'User not found',
  message: 'This user does not exist, or you do not have access to them.',
  list: { to: paths.users, label: 'All Users' },
};

/** editUser/{id}: the profile with tabs Profile, Internal Notes (freelancers) and Documents. */
export function Component() {
  const me = useCurrentUser();
  const profile = useRecordQuery(profileQueryOptions);
  const update = useUpdateProfile();

  if (!profile.query.isSuccess) {
    return (
      <RecordLoadStates
        record={profile}
        what="the profile"
        notFound={notFound}
        notFoundStatuses={[403, 404]}
      />
    );
  }

  const p = profile.query.data;
  const self = me.id === p.id;
  const admin = isAdmin(me);
  // The server's rule (profile.CanEdit: the user themself and administrators), sent with the
  // profile: staff and managers read it, with no Save button and no upload.
  const canEdit = p.canEdit;
  const form = (
    <Stack gap="lg">
      <ProfileForm
        key={p.version}
        profile={p}
        canEdit={canEdit}
        admin={admin}
        self={self}
        onSubmit={(body) => update.mutateAsync({ id: p.id, body })}
      />
      <Connections profile={p} />
    </Stack>
  );

  return (
    <Stack gap="md">
      <PageHeader title={p.fullName || p.email}>
        <Group gap="xs" wrap="wrap">
          {p.isFreelancer && !self && !isFreelancer(me) && (
            <ProfileActions userId={p.id} isBookmarked={p.isBookmarked} isFollowed={p.isFollowed} />
          )}
          {/* Administrators read any user's notifications (GET /notification/by-user/{id}). */}
          {admin && !self && (
            <Button
              component={Link}
              to={paths.notificationsOfUser(p.id)}
              variant="default"
              size="xs"
            >
              View Notifications
            </Button>
          )}
          <AuditButton kind="users" id={p.id} />
        </Group>
      </PageHeader>
      <Group align="flex-start" gap="lg">
        <ProfileImageUpload
          userId={p.id}
          imageUrl={p.profile_image_url || null}
          canEdit={canEdit}
        />
        <Stack gap={2}>
          <Text fw={500}>{p.roleLabel}</Text>
          <Text size="sm" c="dimmed">
            {p.label}
          </Text>
        </Stack>
      </Group>
      {/* Asked for only when the server would answer (canSeeStats), so staff make no failing call. */}
      {p.canSeeStats && <FreelancerStats userId={p.id} />}
      {self && isFreelancer(me) ? (
        form
      ) : (
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            {p.isFreelancer && <Tabs.Tab value="notes">Internal Notes</Tabs.Tab>}
            {/* Shown to those the server lets read the documents (files.CanReadDocuments): the
                user, administrators, and client or agency managers of what a freelancer is
                linked to; only the user and administrators may change them. */}
            {p.canSeeDocuments && <Tabs.Tab value="documents">Documents</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="profile" pt="md">
            {form}
          </Tabs.Panel>
          {p.isFreelancer && (
            <Tabs.Panel value="notes" pt="md">
              <InternalNotesTab userId={p.id} />
            </Tabs.Panel>
          )}
          {p.canSeeDocuments && (
            <Tabs.Panel value="documents" pt="md">
              <DocumentsTab userId={p.id} canChange={p.canChangeDocuments} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Stack>
  );
}
