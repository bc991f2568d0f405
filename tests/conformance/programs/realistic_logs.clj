;; Multi-step programs over log lines, events and metrics, written the way an LLM answers a
;; question over tool data. Each defines its own input inline.
;;;; realistic_logs_level_counts_regex
(def lines ["2024-03-15 10:00:01 INFO  server started"
            "2024-03-15 10:00:05 WARN  disk 85% full"
            "2024-03-15 10:01:00 ERROR db timeout after 30s"
            "2024-03-15 10:02:10 INFO  request /api/users 200"
            "2024-03-15 10:02:11 ERROR request /api/orders 500"])
(->> lines
     (map #(second (re-find #"\d{2}:\d{2}:\d{2} (\w+)" %)))
     frequencies)
;;;; realistic_logs_parse_to_maps
(def lines ["2024-03-15T10:00:01 INFO auth user=ann action=login"
            "2024-03-15T10:05:12 WARN auth user=bob action=login_failed"
            "2024-03-15T11:00:00 INFO billing user=ann action=charge"])
(mapv (fn [line]
        (let [[ts level svc & kvs] (str/split line #" ")]
          (into {:ts ts :level level :service svc}
                (map #(let [[k v] (str/split % #"=")] [(keyword k) v]) kvs))))
      lines)
;;;; realistic_logs_errors_per_hour
(def lines ["2024-03-15 09:59:59 ERROR a" "2024-03-15 10:00:05 ERROR b"
            "2024-03-15 10:30:00 INFO c" "2024-03-15 10:45:00 ERROR d"
            "2024-03-15 11:00:00 ERROR e"])
(->> lines
     (filter #(str/includes? % "ERROR"))
     (map #(subs % 11 13))
     frequencies
     (sort-by key)
     vec)
;;;; realistic_logs_status_code_classes
(def access ["GET /a 200 12ms" "GET /b 404 3ms" "POST /c 500 120ms" "GET /a 201 8ms"
             "GET /d 503 40ms" "GET /a 200 10ms"])
(->> access
     (map #(parse-long (nth (str/split % #" ") 2)))
     (group-by #(str (quot % 100) "xx"))
     (map (fn [[k v]] [k (count v)]))
     (sort-by first)
     vec)
;;;; realistic_logs_slowest_endpoints
(def access ["GET /a 200 12ms" "GET /b 404 3ms" "POST /c 500 120ms" "GET /a 201 8ms"
             "GET /d 503 40ms" "GET /a 200 10ms" "POST /c 200 80ms"])
(->> access
     (map (fn [line]
            (let [[_ path _ ms] (re-find #"^\w+ (\S+) (\d+) (\d+)ms$" line)]
              {:path path :ms (parse-long ms)})))
     (group-by :path)
     (map (fn [[p rs]] [p (double (/ (reduce + (map :ms rs)) (count rs)))]))
     (sort-by second >)
     (take 2)
     vec)
;;;; realistic_logs_p95_latency
(def latencies [12 45 7 88 23 19 150 31 64 9 27 33 41 18 22 95 11 5 71 40])
(let [s (vec (sort latencies))
      idx (int (Math/ceil (* 0.95 (count s))))]
  (s (dec idx)))
;;;; realistic_logs_unique_ips_sorted
(def lines ["10.0.0.2 - GET /" "10.0.0.1 - GET /x" "192.168.1.7 - POST /y" "10.0.0.2 - GET /z"])
(->> lines (map #(re-find #"^\d+\.\d+\.\d+\.\d+" %)) distinct sort vec)
;;;; realistic_logs_top_ip_by_requests
(def lines ["10.0.0.2 GET /" "10.0.0.1 GET /x" "192.168.1.7 POST /y" "10.0.0.2 GET /z"
            "10.0.0.1 GET /" "10.0.0.2 GET /q"])
(->> lines
     (map #(first (str/split % #" ")))
     frequencies
     (sort-by (juxt (comp - val) key))
     (take 2)
     (mapv (fn [[ip n]] (format "%s (%d)" ip n))))
;;;; realistic_logs_multiline_split_blank
(def raw "INFO start\n\nWARN low memory\n   \nERROR crash\nINFO restart\n")
(->> (str/split-lines raw)
     (map str/trim)
     (remove str/blank?)
     (map #(first (str/split % #"\s+" 2)))
     vec)
;;;; realistic_logs_stack_trace_first_frame
(def log "ERROR NullPointerException\n  at com.acme.Foo.bar(Foo.java:42)\n  at com.acme.Main.main(Main.java:7)")
(let [[_ cls method file line] (re-find #"at ([\w.]+)\.(\w+)\((\w+\.java):(\d+)\)" log)]
  {:class cls :method method :file file :line (parse-long line)})
;;;; realistic_logs_re_seq_all_ids
(def text "Order #123 shipped; order #456 delayed; #789 cancelled")
(mapv parse-long (map second (re-seq #"#(\d+)" text)))
;;;; realistic_logs_key_value_pairs
(def line "user=ann id=42 action=delete target=doc-7 ok=true")
(->> (re-seq #"(\w+)=(\S+)" line)
     (map (fn [[_ k v]] [(keyword k) v]))
     (into {}))
;;;; realistic_logs_sessions_duration
(def events [{:session "s1" :t 100} {:session "s2" :t 105} {:session "s1" :t 160}
             {:session "s1" :t 130} {:session "s2" :t 300} {:session "s3" :t 50}])
(->> events
     (group-by :session)
     (map (fn [[s es]] (let [ts (map :t es)] [s (- (apply max ts) (apply min ts))])))
     (sort-by first)
     vec)
;;;; realistic_logs_event_funnel
(def events [{:user "a" :type "view"} {:user "a" :type "cart"} {:user "a" :type "buy"}
             {:user "b" :type "view"} {:user "b" :type "cart"}
             {:user "c" :type "view"} {:user "d" :type "view"} {:user "d" :type "buy"}])
(let [users-with (fn [t] (set (map :user (filter #(= t (:type %)) events))))
      viewed (users-with "view")
      carted (users-with "cart")
      bought (users-with "buy")]
  {:viewed (count viewed)
   :carted (count (set/intersection viewed carted))
   :bought-after-cart (count (set/intersection carted bought))
   :conversion (format "%.0f%%" (* 100.0 (/ (count bought) (count viewed))))})
;;;; realistic_logs_dau_by_date
(def events [{:user "a" :ts "2024-03-01T09:00"} {:user "b" :ts "2024-03-01T10:00"}
             {:user "a" :ts "2024-03-01T11:00"} {:user "a" :ts "2024-03-02T08:00"}
             {:user "c" :ts "2024-03-02T09:30"}])
(->> events
     (group-by #(subs (:ts %) 0 10))
     (map (fn [[d es]] [d (count (distinct (map :user es)))]))
     (sort-by first)
     vec)
;;;; realistic_logs_first_error_after_deploy
(def events [{:t "10:00" :msg "deploy v2"} {:t "10:01" :msg "ok"}
             {:t "10:03" :msg "error: timeout"} {:t "10:04" :msg "error: 500"}])
(->> events
     (drop-while #(not (str/starts-with? (:msg %) "deploy")))
     rest
     (some #(when (str/starts-with? (:msg %) "error") (:t %))))
;;;; realistic_logs_consecutive_failures
(def checks [:ok :ok :fail :fail :ok :fail :fail :fail :fail :ok])
(->> checks
     (partition-by identity)
     (filter #(= :fail (first %)))
     (map count)
     (apply max))
;;;; realistic_logs_alert_thresholds_cond
(def metrics [{:host "web1" :cpu 95 :mem 40} {:host "web2" :cpu 60 :mem 92}
              {:host "db1" :cpu 30 :mem 50} {:host "db2" :cpu 85 :mem 85}])
(for [{:keys [host cpu mem]} metrics
      :let [level (cond
                    (or (> cpu 90) (> mem 90)) :critical
                    (or (> cpu 80) (> mem 80)) :warning
                    :else nil)]
      :when level]
  [host level])
;;;; realistic_logs_moving_average
(def cpu [10 20 30 40 50 60])
(->> (partition 3 1 cpu)
     (map #(double (/ (reduce + %) 3)))
     vec)
;;;; realistic_logs_rate_change
(def counts [100 120 90 90 180])
(->> (partition 2 1 counts)
     (map (fn [[a b]] (format "%.1f" (* 100.0 (/ (- b a) a)))))
     vec)
;;;; realistic_logs_bucket_minute
(def ts ["10:00:01" "10:00:59" "10:01:30" "10:03:00" "10:03:10" "10:03:59"])
(->> ts (map #(subs % 0 5)) frequencies (sort-by key) (mapv val))
;;;; realistic_logs_dedupe_repeated_lines
(def lines ["retry" "retry" "retry" "ok" "retry" "ok" "ok"])
(->> lines
     (partition-by identity)
     (mapv #(if (> (count %) 1) (str (first %) " x" (count %)) (first %))))
;;;; realistic_logs_dedupe_fn
(def lines ["a" "a" "b" "a" "c" "c"])
(vec (dedupe lines))
;;;; realistic_logs_json_events_string_keys
(def events [{"type" "click" "meta" {"x" 10 "y" 20}}
             {"type" "scroll" "meta" {"depth" 50}}
             {"type" "click" "meta" {"x" 3 "y" 4}}])
(->> events
     (filter #(= "click" (get % "type")))
     (map #(get-in % ["meta" "x"]))
     (reduce +))
;;;; realistic_logs_nested_counters_update_in
(def events [["web" "GET"] ["web" "POST"] ["api" "GET"] ["web" "GET"] ["api" "GET"]])
(reduce (fn [acc [svc method]] (update-in acc [svc method] (fnil inc 0))) {} events)
;;;; realistic_logs_errors_by_service_top
(def errors [{:svc "auth" :code "E1"} {:svc "auth" :code "E2"} {:svc "pay" :code "E1"}
             {:svc "auth" :code "E1"} {:svc "ship" :code "E9"} {:svc "pay" :code "E1"}])
(let [by-svc (group-by :svc errors)]
  (->> by-svc
       (map (fn [[svc es]]
              {:svc svc
               :count (count es)
               :top-code (key (apply max-key val (frequencies (map :code es))))}))
       (sort-by :count >)
       vec))
;;;; realistic_logs_uptime_percent
(def pings (concat (repeat 97 :up) (repeat 3 :down)))
(let [up (count (filter #{:up} pings))]
  (format "%.2f%%" (* 100.0 (/ up (count pings)))))
;;;; realistic_logs_parse_durations
(def durations ["1h30m" "45m" "2h" "10m" "bad"])
(defn minutes [s]
  (when-let [[_ h m] (re-matches #"(?:(\d+)h)?(?:(\d+)m)?" s)]
    (when (or h m)
      (+ (* 60 (if h (parse-long h) 0)) (if m (parse-long m) 0)))))
[(mapv minutes durations) (reduce + (keep minutes durations))]
;;;; realistic_logs_time_string_ranges
(def entries [{:t "2024-03-15T08:59:00" :v 1} {:t "2024-03-15T09:00:00" :v 2}
              {:t "2024-03-15T12:30:00" :v 3} {:t "2024-03-15T17:00:00" :v 4}
              {:t "2024-03-16T09:10:00" :v 5}])
(->> entries
     (filter (fn [{:keys [t]}]
               (let [day (subs t 0 10) hhmm (subs t 11 16)]
                 (and (= day "2024-03-15")
                      (>= (compare hhmm "09:00") 0)
                      (< (compare hhmm "17:00") 0)))))
     (map :v))
;;;; realistic_logs_sum_bytes_by_path_long
(def lines ["127.0.0.1 [15/Mar/2024:10:00:00] \"GET /index.html\" 200 5120"
            "127.0.0.1 [15/Mar/2024:10:00:02] \"GET /logo.png\" 200 20480"
            "10.1.1.1 [15/Mar/2024:10:01:00] \"GET /index.html\" 304 0"
            "10.1.1.1 [15/Mar/2024:10:02:00] \"POST /api/login\" 401 128"
            "10.1.1.9 [15/Mar/2024:10:02:30] \"GET /index.html\" 200 5120"
            "garbage line"])
(defn parse-line
  "Parses one access-log line into a map, or nil when it does not match."
  [line]
  (when-let [[_ ip method path status bytes]
             (re-find #"^(\S+) \[[^\]]+\] \"(\w+) (\S+)\" (\d{3}) (\d+)$" line)]
    {:ip ip :method method :path path
     :status (parse-long status) :bytes (parse-long bytes)}))
(let [parsed (keep parse-line lines)
      skipped (- (count lines) (count parsed))
      by-path (->> parsed
                   (group-by :path)
                   (map (fn [[p rs]] {:path p
                                      :hits (count rs)
                                      :kb (/ (reduce + (map :bytes rs)) 1024.0)}))
                   (sort-by :kb >))]
  {:skipped skipped
   :top (first by-path)
   :errors (count (filter #(>= (:status %) 400) parsed))})
;;;; realistic_logs_incident_timeline_long
(def events [{:ts "2024-03-15T10:00:00" :svc "api" :level "INFO" :msg "ok"}
             {:ts "2024-03-15T10:05:00" :svc "db" :level "ERROR" :msg "conn refused"}
             {:ts "2024-03-15T10:05:30" :svc "api" :level "ERROR" :msg "upstream db"}
             {:ts "2024-03-15T10:06:00" :svc "db" :level "ERROR" :msg "conn refused"}
             {:ts "2024-03-15T10:20:00" :svc "db" :level "INFO" :msg "recovered"}
             {:ts "2024-03-15T10:21:00" :svc "api" :level "INFO" :msg "ok"}])
(let [errors (filter #(= "ERROR" (:level %)) events)
      first-err (first (sort-by :ts errors))
      recovery (->> events
                    (filter #(and (= "INFO" (:level %))
                                  (pos? (compare (:ts %) (:ts first-err)))))
                    (sort-by :ts)
                    first)
      minute (fn [ts] (+ (* 60 (parse-long (subs ts 11 13))) (parse-long (subs ts 14 16))))]
  {:started (:ts first-err)
   :root-service (:svc first-err)
   :affected (vec (sort (distinct (map :svc errors))))
   :messages (frequencies (map :msg errors))
   :minutes-down (- (minute (:ts recovery)) (minute (:ts first-err)))})
;;;; realistic_logs_histogram_strings
(def latencies [5 12 18 25 33 47 51 120 8 15])
(->> latencies
     (group-by #(cond (< % 10) "<10" (< % 50) "10-49" :else ">=50"))
     (map (fn [[b xs]] [b (apply str (repeat (count xs) "*"))]))
     (sort-by first)
     vec)
;;;; realistic_logs_kv_reduce_kv_filter
(def counters {"requests" 1200 "errors" 36 "timeouts" 0 "retries" 14})
(reduce-kv (fn [acc k v] (if (pos? v) (conj acc (str k "=" v)) acc)) [] counters)
;;;; realistic_logs_error_ratio_per_service
(def stats {"auth" {:ok 990 :err 10} "pay" {:ok 45 :err 5} "ship" {:ok 0 :err 0}})
(into {} (for [[svc {:keys [ok err]}] stats
               :let [total (+ ok err)]]
           [svc (if (zero? total) "n/a" (format "%.1f%%" (* 100.0 (/ err total))))]))
;;;; realistic_logs_user_agent_browsers
(def agents ["Mozilla/5.0 (Windows) Chrome/120.0" "Mozilla/5.0 (Mac) Safari/605.1"
             "curl/8.0" "Mozilla/5.0 (Linux) Firefox/121.0" "Mozilla/5.0 (Windows) Chrome/119.0"])
(->> agents
     (map #(condp re-find %
             #"Chrome/" "chrome"
             #"Firefox/" "firefox"
             #"Safari/" "safari"
             "other"))
     frequencies)
;;;; realistic_logs_versions_sorted_numerically
(def versions ["1.10.0" "1.2.3" "1.2.10" "0.9.9" "2.0.0"])
(->> versions
     (sort-by (fn [v] (mapv parse-long (str/split v #"\."))))
     vec)
;;;; realistic_logs_latest_version_compare
(def versions ["1.10.0" "1.2.3" "1.2.10" "0.9.9"])
(last (sort-by #(mapv parse-long (str/split % #"\.")) versions))
;;;; realistic_logs_group_consecutive_by_minute
(def events [["10:00" "a"] ["10:00" "b"] ["10:01" "c"] ["10:03" "d"] ["10:03" "e"]])
(->> events (partition-by first) (mapv (fn [g] [(ffirst g) (mapv second g)])))
;;;; realistic_logs_request_ids_missing_response
(def reqs ["r1" "r2" "r3" "r4"])
(def resps [{:id "r2" :code 200} {:id "r4" :code 500}])
(let [answered (into #{} (map :id resps))]
  (filterv (complement answered) reqs))
;;;; realistic_logs_mask_secrets
(def lines ["login user=ann password=hunter2" "token=abc123 ok" "nothing here"])
(mapv #(str/replace % #"(password|token)=\S+" "$1=***") lines)
;;;; realistic_logs_extract_emails
(def text "Contact ann@example.com or support@acme.io; bounce: bad@ , x@y.z")
(vec (re-seq #"[\w.]+@[\w]+\.[a-z]+" text))
;;;; realistic_logs_word_frequency_top3
(def msgs ["disk full on node1" "node1 restarted" "disk check ok" "node2 disk full"])
(->> msgs
     (mapcat #(str/split % #"\s+"))
     (map str/lower-case)
     frequencies
     (sort-by (juxt (comp - val) key))
     (take 3)
     (mapv key))
;;;; realistic_logs_some_fn_levels
(def lines ["INFO a" "DEBUG b" "ERROR c" "FATAL d" "WARN e"])
(let [serious? (some-fn #(str/starts-with? % "ERROR") #(str/starts-with? % "FATAL"))]
  (filterv serious? lines))
;;;; realistic_logs_every_pred_filter
(def reqs [{:ms 30 :status 200} {:ms 900 :status 200} {:ms 20 :status 500} {:ms 15 :status 204}])
(count (filter (every-pred #(< (:ms %) 100) #(< (:status %) 300)) reqs))
;;;; realistic_logs_split_with_header
(def lines ["# header" "# generated 2024" "a=1" "b=2"])
(let [[comments body] (split-with #(str/starts-with? % "#") lines)]
  {:comments (count comments) :body (vec body)})
;;;; realistic_logs_as_thread_pipeline
(def raw "  3, 7 ,x, 12,  ")
(as-> raw s
  (str/split s #",")
  (map str/trim s)
  (remove str/blank? s)
  (keep parse-long s)
  (reduce + s))
;;;; realistic_logs_cumulative_errors
(def per-minute [0 2 1 0 5 3])
(vec (reductions + per-minute))
;;;; realistic_logs_keep_indexed_errors
(def lines ["ok" "ERROR x" "ok" "ok" "ERROR y"])
(vec (keep-indexed (fn [i l] (when (str/starts-with? l "ERROR") (inc i))) lines))
;;;; realistic_logs_try_parse_each
(def raw ["12" "abc" "7" ""])
(mapv (fn [s] (try (Long/parseLong s) (catch Exception _ :invalid))) raw)
;;;; realistic_logs_err_regex_group_nil
(def lines ["user=ann" "anonymous"])
(mapv #(str/upper-case (second (re-find #"user=(\w+)" %))) lines)
;;;; realistic_logs_err_parse_long_nil
(def lines ["count: 5" "count: n/a"])
(reduce + (map #(parse-long (re-find #"\d+" %)) lines))
;;;; realistic_logs_err_nth_split_short
(def lines ["GET /a 200" "GET /b"])
(mapv #(nth (str/split % #" ") 2) lines)
;;;; realistic_logs_err_unknown_function
(def lines ["a" "b"])
(count-by identity lines)
;;;; realistic_logs_err_divide_by_zero_rate
(def stats {:requests 0 :errors 0})
(/ (:errors stats) (:requests stats))
;;;; realistic_logs_case_insensitive_regex
(def lines ["An ERROR occurred" "error: disk" "no problems" "Errors: 0"])
(filterv #(re-find #"(?i)\berror\b" %) lines)
;;;; realistic_logs_replace_with_fn
(def line "retry after 30s, then 45s, max 120s")
(str/replace line #"(\d+)s" (fn [[_ n]] (str (* 1000 (parse-long n)) "ms")))
;;;; realistic_logs_re_seq_groups_vectors
(def text "ann@acme.com, bob@globex.org")
(mapv (fn [[_ user domain]] {:user user :domain domain}) (re-seq #"(\w+)@([\w.]+)" text))
;;;; realistic_logs_crlf_lines
(def raw "GET /a 200\r\nGET /b 500\r\n\r\nGET /c 200")
(->> (str/split-lines raw) (remove str/blank?) (map #(last (str/split % #" "))) frequencies)
;;;; realistic_logs_split_double_space
(def line "ts=1  level=INFO  msg=ok")
[(str/split line #" ") (str/split line #"\s+")]
;;;; realistic_logs_index_of_and_subs
(def lines ["[db] connection lost" "[api] timeout" "no prefix"])
(mapv (fn [l]
        (if-let [end (str/index-of l "]")]
          [(subs l 1 end) (str/trim (subs l (inc end)))]
          [nil l]))
      lines)
;;;; realistic_logs_parse_double_whitespace
(def fields [" 3.5 " "42" "1e3" "-0.25" "abc" ""])
[(mapv parse-double fields) (mapv parse-long ["42" " 42" "+7" "-0" "4.0"])]
;;;; realistic_logs_small_and_huge_doubles
(def durations-s [0.00000015 12.5 123456789.0 1.0E21])
(mapv str durations-s)
;;;; realistic_logs_mod_rem_negative_offsets
(def offsets [-7 7 -1 25])
(mapv (fn [o] [(quot o 24) (rem o 24) (mod o 24)]) offsets)
;;;; realistic_logs_math_round_halves
(def values [2.5 -2.5 0.5 -0.5 1.4999])
[(mapv #(Math/round %) values) (mapv #(Math/floor %) values) (mapv #(Math/ceil %) values)]
;;;; realistic_logs_into_xform_counts
(def lines ["ERROR a" "INFO b" "ERROR c" "WARN d"])
(into [] (comp (filter #(str/starts-with? % "ERROR")) (map #(subs % 6))) lines)
;;;; realistic_logs_err_condp_no_match
(def codes [200 302 418])
(mapv #(condp = % 200 "ok" 302 "redirect") codes)
;;;; realistic_logs_err_subs_negative_index
(def lines ["short"])
(mapv #(subs % (- (count %) 10)) lines)
;;;; realistic_logs_err_integer_parse_int_bad
(def ports ["8080" "80a"])
(mapv #(Integer/parseInt %) ports)
;;;; realistic_logs_versions_vector_compare_length
(def versions ["1.2" "1.10.0" "1.1.5" "2"])
(vec (sort-by #(mapv parse-long (str/split % #"\.")) versions))
;;;; realistic_logs_err_divide_by_double_zero
(def stats [{:svc "a" :err 0 :total 0.0} {:svc "b" :err 3 :total 0.0} {:svc "c" :err 1 :total 4.0}])
(mapv (fn [{:keys [svc err total]}]
        (let [r (/ err total)]
          [svc (cond (Double/isNaN r) "no traffic" (Double/isInfinite r) "all failed" :else r)]))
      stats)
;;;; realistic_logs_max_mixed_int_double
(def readings [{:t 1 :v 2} {:t 2 :v 2.0} {:t 3 :v 1.5}])
[(apply max (map :v readings)) (apply max (reverse (map :v readings))) (reduce + (map :v readings))]
;;;; realistic_logs_range_doubles_thresholds
(def thresholds (range 0 1 0.25))
(def score 0.6)
[(vec thresholds) (count (filter #(<= % score) thresholds)) (vec (range 10 0 -3))]
;;;; realistic_logs_pairwise_deltas
(def counters [100 130 130 90 200])
(mapv (fn [[a b]] (- b a)) (map vector counters (rest counters)))
;;;; realistic_logs_transpose_columns
(def rows [["ts" "cpu" "mem"] ["1" "50" "70"] ["2" "60" "65"]])
(let [[header & data] rows
      cols (apply map vector data)]
  (zipmap header (map #(mapv parse-long %) cols)))
;;;; realistic_logs_escape_html
(def msgs ["a < b & c" "<script>x</script>"])
(mapv #(str/escape % {\< "&lt;" \> "&gt;" \& "&amp;"}) msgs)
;;;; realistic_logs_literal_string_replace
(def paths ["a.b.c" "x-y-z" "/var/log/app.log"])
[(str/replace (first paths) "." "/") (str/replace-first (second paths) "-" "+")
 (subs (nth paths 2) (inc (str/last-index-of (nth paths 2) "/")))
 (str/ends-with? (nth paths 2) ".log")]
;;;; realistic_logs_split_edge_shapes
(def inputs ["a1b2c3" "  leading space" "k=v=w" "a|b|c" ""])
[(str/split (nth inputs 0) #"\d") (str/split (nth inputs 1) #"\s+") (str/split (nth inputs 2) #"=" 2)
 (str/split (nth inputs 3) #"\|") (str/split (nth inputs 4) #"\s+") (subs "hello" 5)]
;;;; realistic_logs_camel_snake_conversion
(def fields ["user_id" "created_at" "name"])
(def camel "parseHttpResponseCode")
[(mapv (fn [f] (let [[h & t] (str/split f #"_")] (apply str h (map str/capitalize t)))) fields)
 (str/join "_" (map str/lower-case (re-seq #"[A-Z]?[a-z]+" camel)))]
;;;; realistic_logs_format_misc_specifiers
(def v -3.14159)
[(format "%08.3f" v) (format "%+d" 5) (format "%10s|" "right") (format "%x" 255) (format "%e" 12345.678)
 (format "%.3s" "abcdef") (format "%c" \a) (format "%b" nil)]
;;;; realistic_logs_err_sort_maps_directly
(def events [{:t 2 :m "b"} {:t 1 :m "a"}])
(sort events)
;;;; realistic_logs_err_sort_by_desc_with_nil
(def events [{:svc "a" :ms 20} {:svc "b" :ms nil} {:svc "c" :ms 5}])
(mapv :svc (sort-by :ms > events))
;;;; realistic_logs_first_match_or_default
(def events [{:v 1 :n "a"} {:v 5 :n "b"} {:v 9 :n "c"}])
[(:n (some #(when (> (:v %) 4) %) events))
 (:n (first (filter #(> (:v %) 100) events)))
 (or (re-find #"\d+" "no digits") "0")
 (frequencies (map :tags [{:tags [1]} {:tags [1]} {:tags []}]))]
