{{- /*
The chart's templates use Go's text/template and nothing else: no Sprig functions (toYaml,
nindent, default, quote...), no include, tpl or required. That keeps them renderable without
`helm` by the real Go template engine (deploy/tools/helm-template.mjs), which is how `npm test`
checks them; Helm renders them the same way. So:
  - quoting is `printf "%q"`;
  - defines are called with `template`, take the root context `$`, and print flow mappings
    ({a: b, c: d}) or lines at the one indentation where they are used (said on each);
  - numbers that become environment variables are strings in values.yaml;
  - a key that may be missing (the fields of a list item the user writes) is read with
    `index . "key"`, which gives nothing for a missing key (the test renderer refuses `.key` on a
    missing key, where Helm would print nothing: every other key is in values.yaml).
*/ -}}

{{- /* The labels of every object (the inside of a flow mapping: the caller adds the component and the braces). */ -}}
{{- define "bakery.labels" -}}
app.kubernetes.io/name: bakery, app.kubernetes.io/instance: {{ printf "%q" .Release.Name }}, app.kubernetes.io/managed-by: {{ printf "%q" .Release.Service }}, app.kubernetes.io/version: {{ printf "%q" .Chart.AppVersion }}, helm.sh/chart: {{ printf "%q" (printf "%s-%s" .Chart.Name .Chart.Version) }}
{{- end -}}

{{- /* The labels a selector matches on (inside of a flow mapping, without the component). */ -}}
{{- define "bakery.selector" -}}
app.kubernetes.io/name: bakery, app.kubernetes.io/instance: {{ printf "%q" .Release.Name }}
{{- end -}}

{{- define "bakery.image" -}}
{{ .Values.image.repository }}:{{ if .Values.image.tag }}{{ .Values.image.tag }}{{ else }}{{ .Chart.AppVersion }}{{ end }}
{{- end -}}

{{- define "bakery.serviceAccountName" -}}
{{ if .Values.serviceAccount.name }}{{ .Values.serviceAccount.name }}{{ else }}{{ .Release.Name }}{{ end }}
{{- end -}}

{{- /* Pod-level settings shared by every Deployment, at the pod spec's indentation (6 spaces). */ -}}
{{- define "bakery.podSpecCommon" }}
      serviceAccountName: {{ template "bakery.serviceAccountName" . }}
      automountServiceAccountToken: false
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
        runAsGroup: 1000
        fsGroup: 1000
        seccompProfile:
          type: RuntimeDefault
      {{- with .Values.imagePullSecrets }}
      imagePullSecrets:
        {{- range . }}
        - name: {{ . }}
        {{- end }}
      {{- end }}
      {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- range $key, $value := . }}
        {{ $key }}: {{ printf "%q" $value }}
        {{- end }}
      {{- end }}
      {{- with .Values.tolerations }}
      tolerations:
        {{- range . }}
        - operator: {{ with index . "operator" }}{{ . }}{{ else }}Equal{{ end }}
          {{- with index . "key" }}
          key: {{ printf "%q" . }}
          {{- end }}
          {{- with index . "value" }}
          value: {{ printf "%q" . }}
          {{- end }}
          {{- with index . "effect" }}
          effect: {{ . }}
          {{- end }}
          {{- with index . "tolerationSeconds" }}
          tolerationSeconds: {{ . }}
          {{- end }}
        {{- end }}
      {{- end }}
{{- end }}

{{- /* A container's security context, at the container's indentation (10 spaces). */ -}}
{{- define "bakery.containerSecurity" }}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: {{ .Values.readOnlyRootFilesystem }}
            capabilities:
              drop: [ALL]
{{- end }}

{{- /* Requests and limits; called with the component's `resources`, at the container's indentation. */ -}}
{{- define "bakery.resources" }}
          resources:
            {{- with .requests }}
            requests:
              {{- range $key, $value := . }}
              {{ $key }}: {{ printf "%q" (print $value) }}
              {{- end }}
            {{- end }}
            {{- with .limits }}
            limits:
              {{- range $key, $value := . }}
              {{ $key }}: {{ printf "%q" (print $value) }}
              {{- end }}
            {{- end }}
{{- end }}

{{- /* Variables of every process, as env entries (12 spaces). */ -}}
{{- define "bakery.commonEnv" }}
            - name: NATS_URL
              value: {{ printf "%q" .Values.natsUrl }}
            - name: BAKERY_NAMESPACE
              value: {{ printf "%q" .Values.bakeryNamespace }}
            - name: LOG_LEVEL
              value: {{ printf "%q" .Values.logLevel }}
            - name: RPC_TIMEOUT_MS
              value: {{ printf "%q" .Values.rpcTimeoutMs }}
            {{- with .Values.tracing.otlpEndpoint }}
            - name: OTEL_EXPORTER_OTLP_ENDPOINT
              value: {{ printf "%q" . }}
            {{- end }}
            {{- range $name, $value := .Values.env }}
            - name: {{ $name }}
              value: {{ printf "%q" $value }}
            {{- end }}
            {{- range $name, $ref := .Values.secretEnv }}
            - name: {{ $name }}
              valueFrom:
                secretKeyRef:
                  name: {{ $ref.secretName }}
                  key: {{ $ref.key }}
                  optional: {{ if index $ref "optional" }}true{{ else }}false{{ end }}
            {{- end }}
{{- end }}

{{- /* Variables of every back-end service but DATABASE_URL (12 spaces). */ -}}
{{- define "bakery.serviceEnv" }}
            - name: EVENT_STREAM_REPLICAS
              value: {{ printf "%q" .Values.events.streamReplicas }}
            - name: EVENT_RETENTION_DAYS
              value: {{ printf "%q" .Values.events.retentionDays }}
            - name: EVENT_MAX_DELIVERIES
              value: {{ printf "%q" .Values.events.maxDeliveries }}
            - name: EVENT_PRUNE_INTERVAL_SECONDS
              value: {{ printf "%q" .Values.events.pruneIntervalSeconds }}
            {{- if .Values.metrics.enabled }}
            - name: METRICS_PORT
              value: {{ printf "%q" (print .Values.metrics.port) }}
            {{- end }}
{{- end }}

{{- /* The topology spread of one component; the caller writes its selector right after (12 spaces). */ -}}
{{- define "bakery.topologySpread" }}
      topologySpreadConstraints:
        - maxSkew: {{ .Values.topologySpread.maxSkew }}
          topologyKey: {{ .Values.topologySpread.topologyKey }}
          whenUnsatisfiable: {{ .Values.topologySpread.whenUnsatisfiable }}
          labelSelector:
{{- end }}
