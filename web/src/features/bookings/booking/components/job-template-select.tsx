import { Select, type SelectProps } from '@mantine/core';

/** What the select shows of a job template one may book from (GET /job/brief). */
interface JobTemplateBrief {
  id: number;
  title: string;
  entityName: string;
}

type JobTemplateSelectProps = Omit<SelectProps, 'data'> & {
  briefs: { data?: JobTemplateBrief[] | null; isPending: boolean };
};

/** The job template picker of both create-booking forms (page and scheduler sidebar). */
export function JobTemplateSelect({ briefs, ...props }: JobTemplateSelectProps) {
  return (
    <Select
      label="Job Template"
      placeholder={briefs.isPending ? 'Loading...' : 'Choose a job template'}
      withAsterisk
      searchable
      nothingFoundMessage="No job templates"
      data={(briefs.data ?? []).map((b) => ({
        value: String(b.id),
        label: `${b.title} (${b.entityName})`,
      }))}
      {...props}
    />
  );
}
