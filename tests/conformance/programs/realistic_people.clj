;; Multi-step programs over employees, customers, users and support tickets, written the way an
;; LLM answers a question over tool data. Each defines its own input inline.
;;;; realistic_people_avg_salary_by_dept_rounded
(def employees [{:name "Alice" :dept "eng" :salary 120000}
                {:name "Bob" :dept "sales" :salary 70500}
                {:name "Carol" :dept "eng" :salary 135000}
                {:name "Dan" :dept "ops" :salary 65000}
                {:name "Eve" :dept "sales" :salary 72250}
                {:name "Frank" :dept "eng" :salary 99999}])
(->> employees
     (group-by :dept)
     (map (fn [[d es]]
            [d (Math/round (double (/ (reduce + (map :salary es)) (count es))))]))
     (sort-by second >)
     vec)
;;;; realistic_people_highest_paid_per_dept
(def employees [{:name "Alice" :dept "eng" :salary 120000}
                {:name "Bob" :dept "sales" :salary 70500}
                {:name "Carol" :dept "eng" :salary 135000}
                {:name "Dan" :dept "ops" :salary 65000}
                {:name "Eve" :dept "sales" :salary 72250}])
(into {} (for [[d es] (group-by :dept employees)]
           [d (:name (last (sort-by :salary es)))]))
;;;; realistic_people_manager_join
(def employees [{:id 1 :name "Ada" :manager-id nil}
                {:id 2 :name "Ben" :manager-id 1}
                {:id 3 :name "Cy" :manager-id 1}
                {:id 4 :name "Di" :manager-id 2}
                {:id 5 :name "Ed" :manager-id 9}])
(let [by-id (zipmap (map :id employees) employees)]
  (mapv (fn [{:keys [name manager-id]}]
          [name (get-in by-id [manager-id :name] "none")])
        employees))
;;;; realistic_people_direct_report_counts
(def employees [{:id 1 :name "Ada" :manager-id nil}
                {:id 2 :name "Ben" :manager-id 1}
                {:id 3 :name "Cy" :manager-id 1}
                {:id 4 :name "Di" :manager-id 2}])
(->> employees
     (keep :manager-id)
     frequencies
     (map (fn [[mid n]] [(:name (first (filter #(= mid (:id %)) employees))) n]))
     (sort-by first)
     vec)
;;;; realistic_people_org_chain_loop
(def managers {"Di" "Ben" "Ben" "Ada" "Cy" "Ada"})
(loop [who "Di" chain []]
  (if-let [boss (managers who)]
    (recur boss (conj chain boss))
    chain))
;;;; realistic_people_hired_by_year
(def employees [{:name "A" :hired "2019-04-01"} {:name "B" :hired "2021-11-30"}
                {:name "C" :hired "2019-12-15"} {:name "D" :hired "2023-01-09"}
                {:name "E" :hired "2021-02-01"}])
(->> employees
     (map #(subs (:hired %) 0 4))
     frequencies
     (sort-by key)
     (mapv (fn [[y n]] (str y ": " n))))
;;;; realistic_people_tenure_years
(def employees [{:name "A" :hired "2019-04-01"} {:name "B" :hired "2021-11-30"}
                {:name "C" :hired "2015-12-15"}])
(def current-year 2024)
(->> employees
     (map (fn [{:keys [name hired]}]
            {:name name :years (- current-year (parse-long (first (str/split hired #"-"))))}))
     (filter #(>= (:years %) 5))
     (mapv :name))
;;;; realistic_people_hired_before_date
(def employees [{:name "A" :hired "2019-04-01"} {:name "B" :hired "2021-11-30"}
                {:name "C" :hired "2019-12-15"} {:name "D" :hired "2023-01-09"}])
(->> employees (filter #(neg? (compare (:hired %) "2020-01-01"))) (map :name))
;;;; realistic_people_salary_raise_update
(def employees [{:name "A" :level 1 :salary 50000}
                {:name "B" :level 2 :salary 70000}
                {:name "C" :level 3 :salary 90000}])
(mapv (fn [e]
        (update e :salary
                (fn [s] (long (* s (case (:level e) 1 1.05 2 1.03 1.02))))))
      employees)
;;;; realistic_people_email_domains_count
(def users [{:email "Ann@Example.com"} {:email "bob@example.com "} {:email "cid@test.org"}
            {:email nil} {:email "dee@EXAMPLE.COM"}])
(->> users
     (keep :email)
     (map (comp str/lower-case str/trim))
     (map #(second (str/split % #"@")))
     frequencies)
;;;; realistic_people_invalid_emails
(def users [{:id 1 :email "ann@example.com"} {:id 2 :email "bob-at-example.com"}
            {:id 3 :email ""} {:id 4} {:id 5 :email "x@y"}])
(->> users
     (remove #(some->> (:email %) (re-matches #"[^@\s]+@[^@\s]+\.[a-z]+")))
     (mapv :id))
;;;; realistic_people_initials
(def people ["ada lovelace" "Alan Mathison Turing" "grace  hopper"])
(mapv (fn [full]
        (->> (str/split (str/trim full) #"\s+")
             (map #(str/upper-case (subs % 0 1)))
             (apply str)))
      people)
;;;; realistic_people_name_normalize
(def raw ["  ALICE smith " "bob JONES" "carol   o'brien"])
(mapv (fn [s]
        (->> (str/split (str/trim s) #"\s+")
             (map str/capitalize)
             (str/join " ")))
      raw)
;;;; realistic_people_age_brackets
(def customers [{:name "a" :age 17} {:name "b" :age 25} {:name "c" :age 34}
                {:name "d" :age 45} {:name "e" :age 67} {:name "f" :age 29} {:name "g"}])
(->> customers
     (map (fn [{:keys [age]}]
            (cond
              (nil? age) "unknown"
              (< age 18) "minor"
              (< age 30) "18-29"
              (< age 50) "30-49"
              :else "50+")))
     frequencies
     (sort-by key)
     vec)
;;;; realistic_people_avg_age_ignoring_missing
(def customers [{:age 17} {:age 25} {} {:age nil} {:age 34}])
(let [ages (keep :age customers)]
  (format "%.2f" (double (/ (reduce + ages) (count ages)))))
;;;; realistic_people_median_age
(def ages [31 45 22 60 38 27 50 41])
(let [s (vec (sort ages))
      n (count s)]
  (if (odd? n)
    (s (quot n 2))
    (/ (+ (s (dec (quot n 2))) (s (quot n 2))) 2.0)))
;;;; realistic_people_ticket_counts_by_priority
(def tickets [{:id 1 :priority "high" :status "open"}
              {:id 2 :priority "low" :status "closed"}
              {:id 3 :priority "high" :status "closed"}
              {:id 4 :priority "medium" :status "open"}
              {:id 5 :priority "high" :status "open"}])
(->> tickets
     (filter #(= "open" (:status %)))
     (group-by :priority)
     (map (fn [[p ts]] [p (mapv :id ts)]))
     (into {}))
;;;; realistic_people_ticket_priority_sort_custom
(def tickets [{:id 1 :priority "low"} {:id 2 :priority "urgent"} {:id 3 :priority "high"}
              {:id 4 :priority "medium"} {:id 5 :priority "high"}])
(def rank {"urgent" 0 "high" 1 "medium" 2 "low" 3})
(mapv :id (sort-by (juxt (comp rank :priority) :id) tickets))
;;;; realistic_people_ticket_resolution_hours
(def tickets [{:id 1 :opened 3 :closed 10} {:id 2 :opened 5 :closed nil}
              {:id 3 :opened 1 :closed 25} {:id 4 :opened 8 :closed 9}])
(let [durations (for [{:keys [opened closed]} tickets :when closed] (- closed opened))]
  {:resolved (count durations)
   :avg-hours (/ (reduce + durations) (double (count durations)))
   :max-hours (apply max durations)})
;;;; realistic_people_ticket_sla_breaches
(def tickets [{:id 1 :priority "high" :hours 5} {:id 2 :priority "low" :hours 50}
              {:id 3 :priority "high" :hours 30} {:id 4 :priority "medium" :hours 30}])
(def sla {"high" 24 "medium" 48 "low" 72})
(->> tickets
     (filter (fn [{:keys [priority hours]}] (> hours (sla priority))))
     (map :id))
;;;; realistic_people_ticket_assignee_workload
(def tickets [{:id 1 :assignee "kim" :status "open"}
              {:id 2 :assignee nil :status "open"}
              {:id 3 :assignee "lee" :status "open"}
              {:id 4 :assignee "kim" :status "closed"}
              {:id 5 :assignee "kim" :status "open"}])
(let [open (filter #(= "open" (:status %)) tickets)]
  {:unassigned (count (remove :assignee open))
   :by-person (frequencies (keep :assignee open))})
;;;; realistic_people_ticket_tags_top
(def tickets [{:tags ["billing" "urgent"]} {:tags ["login"]} {:tags ["billing"]}
              {:tags []} {:tags ["login" "billing" "mobile"]}])
(->> tickets (mapcat :tags) frequencies (sort-by val >) first)
;;;; realistic_people_customer_ltv_join
(def customers [{:id 1 :name "Ann" :signup "2023-01-10"}
                {:id 2 :name "Bob" :signup "2023-06-01"}
                {:id 3 :name "Cid" :signup "2024-02-20"}])
(def payments [{:customer 1 :amount 20.0} {:customer 2 :amount 15.5}
               {:customer 1 :amount 30.0} {:customer 1 :amount 12.25}])
(let [paid (reduce (fn [m {:keys [customer amount]}] (update m customer (fnil + 0.0) amount))
                   {} payments)]
  (mapv (fn [{:keys [id name]}] {:name name :ltv (get paid id 0.0)}) customers))
;;;; realistic_people_customers_by_signup_quarter
(def customers [{:name "a" :signup "2023-01-10"} {:name "b" :signup "2023-05-01"}
                {:name "c" :signup "2023-03-31"} {:name "d" :signup "2023-11-20"}])
(defn quarter [date] (str "Q" (inc (quot (dec (parse-long (subs date 5 7))) 3))))
(->> customers (group-by (comp quarter :signup)) (map (fn [[q cs]] [q (count cs)])) (sort-by first) vec)
;;;; realistic_people_churned_customers
(def last-seen {"ann" "2024-05-30" "bob" "2023-12-01" "cid" "2024-01-15" "dee" "2022-07-07"})
(->> last-seen
     (filter (fn [[_ d]] (neg? (compare d "2024-01-01"))))
     (map key)
     sort)
;;;; realistic_people_dedupe_users_by_email
(def users [{:id 1 :email "a@x.com"} {:id 2 :email "A@X.com"} {:id 3 :email "b@x.com"}
            {:id 4 :email "a@x.com "}])
(->> users
     (reduce (fn [{:keys [seen out] :as acc} u]
               (let [k (str/lower-case (str/trim (:email u)))]
                 (if (seen k) acc {:seen (conj seen k) :out (conj out (:id u))})))
             {:seen #{} :out []})
     :out)
;;;; realistic_people_merge_profiles
(def base {:name "Ann" :prefs {:theme "light" :lang "en"} :roles ["user"]})
(def patch {:prefs {:theme "dark"} :roles ["admin"]})
(merge-with (fn [a b] (if (map? a) (merge a b) (into a b))) base patch)
;;;; realistic_people_role_permissions_union
(def roles {"viewer" #{:read} "editor" #{:read :write} "admin" #{:read :write :delete}})
(def user-roles ["viewer" "editor"])
(sort (apply clojure.set/union (map roles user-roles)))
;;;; realistic_people_common_skills_intersection
(def candidates {"ann" #{"sql" "python" "go"} "bob" #{"python" "sql" "java"} "cid" #{"sql" "python"}})
(sort (apply set/intersection (vals candidates)))
;;;; realistic_people_missing_required_skills
(def required #{"sql" "python" "docker"})
(def candidates [{:name "ann" :skills ["sql" "python"]}
                 {:name "bob" :skills ["docker" "python" "sql" "k8s"]}])
(mapv (fn [{:keys [name skills]}]
        [name (vec (sort (set/difference required (set skills))))])
      candidates)
;;;; realistic_people_full_match_candidates
(def required #{"sql" "python"})
(def candidates [{:name "ann" :skills ["sql" "python"]} {:name "bob" :skills ["python"]}
                 {:name "cid" :skills ["python" "rust" "sql"]}])
(->> candidates (filter #(set/subset? required (set (:skills %)))) (map :name))
;;;; realistic_people_headcount_budget_long
(def employees [{:name "Alice" :dept "eng" :salary 120000 :status "active"}
                {:name "Bob" :dept "sales" :salary 70000 :status "active"}
                {:name "Carol" :dept "eng" :salary 135000 :status "leave"}
                {:name "Dan" :dept "ops" :salary 65000 :status "active"}
                {:name "Eve" :dept "sales" :salary 72000 :status "terminated"}
                {:name "Fay" :dept "eng" :salary 98000 :status "active"}])
(def budgets {"eng" 300000 "sales" 100000 "ops" 50000})
(defn active? [e] (contains? #{"active" "leave"} (:status e)))
(let [cost (->> employees
                (filter active?)
                (reduce (fn [m {:keys [dept salary]}] (update m dept (fnil + 0) salary)) {}))]
  (->> budgets
       (map (fn [[dept budget]]
              (let [spent (get cost dept 0)]
                {:dept dept
                 :spent spent
                 :remaining (- budget spent)
                 :pct (format "%.1f" (* 100.0 (/ spent budget)))
                 :over? (> spent budget)})))
       (sort-by :dept)
       vec))
;;;; realistic_people_survey_scores_long
(def responses [{:user "u1" :answers {"q1" 5 "q2" 3 "q3" nil}}
                {:user "u2" :answers {"q1" 4 "q2" 4 "q3" 2}}
                {:user "u3" :answers {"q1" 2 "q3" 5}}
                {:user "u4" :answers {}}])
(let [pairs (for [{:keys [answers]} responses
                  [q score] answers
                  :when score]
              [q score])
      by-q (group-by first pairs)]
  (->> by-q
       (map (fn [[q ps]]
              (let [scores (map second ps)]
                [q {:n (count scores)
                    :avg (/ (Math/round (* 10.0 (/ (reduce + scores) (count scores)))) 10.0)}])))
       (sort-by first)
       vec))
;;;; realistic_people_nps_score
(def scores [10 9 8 7 6 10 3 9 9 5])
(let [n (count scores)
      promoters (count (filter #(>= % 9) scores))
      detractors (count (filter #(<= % 6) scores))]
  (Math/round (* 100.0 (/ (- promoters detractors) n))))
;;;; realistic_people_attendance_streak
(def days ["present" "present" "absent" "present" "present" "present" "absent"])
(->> days
     (partition-by identity)
     (filter #(= "present" (first %)))
     (map count)
     (reduce max 0))
;;;; realistic_people_group_by_city_then_names
(def people [{:name "Ann" :city "Oslo"} {:name "Bob" :city "Rome"} {:name "Cid" :city "Oslo"}
             {:name "Dee" :city nil} {:name "Eve" :city "Rome"}])
(->> people
     (group-by #(or (:city %) "Unknown"))
     (map (fn [[c ps]] (str c ": " (str/join ", " (map :name ps)))))
     sort
     vec)
;;;; realistic_people_string_keyed_records
(def rows [{"name" "Ann" "dept" "eng" "salary" "100"}
           {"name" "Bob" "dept" "ops" "salary" "80"}
           {"name" "Cid" "dept" "eng" "salary" "120"}])
(->> rows
     (filter #(= "eng" (% "dept")))
     (map #(parse-long (% "salary")))
     (reduce +))
;;;; realistic_people_stringify_then_select
(def people [{:name "Ann" :age 30 :ssn "x"} {:name "Bob" :age 40 :ssn "y"}])
(mapv #(clojure.walk/stringify-keys (select-keys % [:name :age])) people)
;;;; realistic_people_keywordize_nested
(def payload {"user" {"first-name" "Ann" "roles" [{"name" "admin"}]}})
(let [p (walk/keywordize-keys payload)]
  [(get-in p [:user :first-name]) (-> p :user :roles first :name)])
;;;; realistic_people_birthday_this_month
(def people [{:name "Ann" :dob "1990-03-14"} {:name "Bob" :dob "1985-07-02"}
             {:name "Cid" :dob "2001-03-30"} {:name "Dee" :dob "1979-12-03"}])
(def month "03")
(->> people
     (filter #(= month (subs (:dob %) 5 7)))
     (sort-by #(subs (:dob %) 8))
     (mapv :name))
;;;; realistic_people_oldest_youngest_by_dob
(def people [{:name "Ann" :dob "1990-03-14"} {:name "Bob" :dob "1985-07-02"}
             {:name "Cid" :dob "2001-03-30"}])
(let [sorted (sort-by :dob people)]
  {:oldest (:name (first sorted)) :youngest (:name (last sorted))})
;;;; realistic_people_pay_bands_condp
(def salaries {"ann" 45000 "bob" 82000 "cid" 150000 "dee" 61000})
(->> salaries
     (map (fn [[n s]] [n (condp <= s
                           120000 "C"
                           60000 "B"
                           "A")]))
     (sort-by first)
     vec)
;;;; realistic_people_vacation_balance_reduce_kv
(def taken {"ann" [2 3 1] "bob" [] "cid" [10 5 8]})
(def allowance 20)
(reduce-kv (fn [m who days] (assoc m who (- allowance (reduce + 0 days)))) {} taken)
;;;; realistic_people_overtime_hours
(def timesheets [{:who "ann" :hours [8 9 10 8 7]} {:who "bob" :hours [8 8 8 8 8]}
                 {:who "cid" :hours [12 12 0 9 10]}])
(for [{:keys [who hours]} timesheets
      :let [ot (reduce + (map #(max 0 (- % 8)) hours))]
      :when (pos? ot)]
  {:who who :overtime ot})
;;;; realistic_people_team_pairs
(def team ["ann" "bob" "cid" "dee"])
(for [[i a] (map-indexed vector team)
      b (drop (inc i) team)]
  (str a "+" b))
;;;; realistic_people_seating_partition
(def guests ["a" "b" "c" "d" "e" "f" "g"])
(mapv vec (partition-all 3 guests))
;;;; realistic_people_roster_interpose
(def roster [{:first "Ann" :last "Lee"} {:first "Bob" :last "Ray"}])
(apply str (interpose "; " (map #(str (:last %) ", " (:first %)) roster)))
;;;; realistic_people_phone_digits_regex
(def contacts [{:name "a" :phone "(555) 123-4567"} {:name "b" :phone "555.987.6543"}
               {:name "c" :phone "n/a"}])
(mapv (fn [{:keys [name phone]}]
        (let [digits (apply str (re-seq #"\d" phone))]
          [name (if (= 10 (count digits))
                  (str (subs digits 0 3) "-" (subs digits 3 6) "-" (subs digits 6))
                  nil)]))
      contacts)
;;;; realistic_people_users_active_last_30
(def users [{:u "a" :last-login "2024-04-30"} {:u "b" :last-login "2024-03-01"}
            {:u "c" :last-login nil} {:u "d" :last-login "2024-05-12"}])
(def since "2024-04-15")
(->> users
     (filter #(some-> (:last-login %) (compare since) pos?))
     (mapv :u))
;;;; realistic_people_index_by_two_keys
(def staff [{:dept "eng" :level 2 :name "a"} {:dept "eng" :level 3 :name "b"}
            {:dept "ops" :level 2 :name "c"} {:dept "eng" :level 2 :name "d"}])
(let [idx (group-by (juxt :dept :level) staff)]
  (mapv :name (get idx ["eng" 2])))
;;;; realistic_people_letfn_even_odd_levels
(def tree {:name "ceo" :reports [{:name "cto" :reports [{:name "dev1"} {:name "dev2"}]}
                                 {:name "cfo" :reports [{:name "acct"}]}]})
(letfn [(walk-tree [node depth]
          (cons [(:name node) depth]
                (mapcat #(walk-tree % (inc depth)) (:reports node))))]
  (->> (walk-tree tree 0)
       (filter #(= 2 (second %)))
       (map first)))
;;;; realistic_people_tree_seq_names
(def org {:name "ceo" :reports [{:name "cto" :reports [{:name "dev"}]} {:name "cfo"}]})
(map :name (tree-seq :reports :reports org))
;;;; realistic_people_if_let_destructure
(def directory {"ann" {:phone "1" :office "A-1"} "bob" {:phone "2"}})
(defn office-of [who]
  (if-let [{:keys [office]} (directory who)]
    (or office "remote")
    "not found"))
(mapv office-of ["ann" "bob" "zed"])
;;;; realistic_people_err_keyword_on_nil_fn
(def employees [{:name "Ann" :manager nil}])
(let [e (first employees)]
  ((:manager e) :name))
;;;; realistic_people_err_bad_let_binding
(def employees [{:name "Ann" :salary 10}])
(let [total (reduce + (map :salary employees)) avg]
  avg)
;;;; realistic_people_err_subs_past_end
(def people [{:name "Al"} {:name "Bartholomew"}])
(mapv #(subs (:name %) 0 5) people)
;;;; realistic_people_sort_nil_date_first
(def people [{:name "Ann" :dob "1990-01-01"} {:name "Bob" :dob nil}])
(sort-by :dob people)
;;;; realistic_people_err_inc_string_age
(def people [{:name "Ann" :age "30"}])
(update (first people) :age inc)
;;;; realistic_people_err_defn_missing_arg
(defn full-name [first last] (str first " " last))
(def people [{:first "Ann" :last "Lee"}])
(mapv #(full-name (:first %)) people)
;;;; realistic_people_unicode_names_upper_count
(def people ["café owner" "Zoë" "Björn Borg"])
(mapv (fn [s] [(str/upper-case s) (count s) (subs s 0 3)]) people)
;;;; realistic_people_capitalize_mixed_case
(def names ["hELLO" "wORLD wIDE" "a"])
(mapv str/capitalize names)
;;;; realistic_people_sort_names_case_insensitive
(def names ["bob" "Alice" "alice" "Carol" "ann"])
{:default (vec (sort names)) :ci (vec (sort-by str/lower-case names))}
;;;; realistic_people_nested_destructure_params
(def people [{:name "Ann" :address {:city "Oslo" :geo {:lat 59.9}}}
             {:name "Bob" :address {:city "Rome"}}])
(mapv (fn [{name :name {city :city {:keys [lat]} :geo} :address}]
        (str name "@" city (when lat (str " (" lat ")"))))
      people)
;;;; realistic_people_multi_arity_defn
(defn greet
  "Greets a person, optionally with a title."
  ([name] (greet name nil))
  ([name title] (str "Hello, " (if title (str title " ") "") name "!")))
[(greet "Ann") (greet "Lee" "Dr.")]
;;;; realistic_people_variadic_defn_kwargs
(defn describe [name & {:keys [age city] :or {city "?"}}]
  (str name " (" (or age "n/a") ", " city ")"))
[(describe "Ann" :age 30 :city "Oslo") (describe "Bob")]
;;;; realistic_people_loop_destructure_head_tail
(def queue [{:name "a" :mins 5} {:name "b" :mins 12} {:name "c" :mins 3} {:name "d" :mins 9}])
(loop [[p & more] queue clock 0 done []]
  (if (or (nil? p) (> (+ clock (:mins p)) 20))
    {:served done :clock clock :waiting (count (if p (cons p more) more))}
    (recur more (+ clock (:mins p)) (conj done (:name p)))))
;;;; realistic_people_for_while_sorted
(def people [{:n "a" :age 20} {:n "b" :age 25} {:n "c" :age 31} {:n "d" :age 40}])
(vec (for [p (sort-by :age people) :while (< (:age p) 30)] (:n p)))
;;;; realistic_people_reduce_kv_vector_rank
(def ranking ["ann" "bob" "cid"])
(reduce-kv (fn [m i name] (assoc m name (inc i))) {} ranking)
;;;; realistic_people_update_keys_keywordize
(def row {"first name" "Ann" "Last-Name" "Lee" "AGE" 30})
(update-keys row #(-> % str/lower-case (str/replace #"[\s_]+" "-") keyword))
;;;; realistic_people_assoc_in_vector_index
(def team {:members [{:name "a" :roles ["dev"]} {:name "b" :roles []}]})
(-> team
    (update-in [:members 1 :roles] conj "lead")
    (assoc-in [:members 0 :name] "A")
    (get-in [:members]))
;;;; realistic_people_case_no_match_error
(def people [{:name "a" :tier :gold} {:name "b" :tier :platinum}])
(mapv (fn [p] (case (:tier p) :gold 0.1 :silver 0.05)) people)
;;;; realistic_people_err_includes_on_nil_email
(def users [{:email "a@x.com"} {:email nil}])
(count (filter #(str/includes? (:email %) "@x.com") users))
;;;; realistic_people_err_vector_index_out_of_range
(def shifts ["mon" "tue" "wed"])
(mapv #(shifts %) [0 2 3])
;;;; realistic_people_truthiness_of_zero_and_empty
(def people [{:name "a" :kids 0} {:name "b" :kids 2} {:name "c" :nickname ""} {:name "d" :kids nil}])
{:has-kids-key (mapv :name (filter :kids people))
 :pos-kids (mapv :name (filter #(some-> (:kids %) pos?) people))
 :nick (mapv #(or (not-empty (:nickname %)) (:name %)) people)}
;;;; realistic_people_if_some_zero_count
(def people [{:name "a" :logins 0} {:name "b"} {:name "c" :logins 4}])
(mapv (fn [p] (if-some [n (:logins p)] (str (:name p) ":" n) (str (:name p) ":never"))) people)
;;;; realistic_people_group_by_boolean
(def people [{:n "a" :age 15} {:n "b" :age 30} {:n "c" :age 12}])
(let [{adults true minors false} (group-by #(>= (:age %) 18) people)]
  {:adults (mapv :n adults) :minors (mapv :n minors)})
;;;; realistic_people_group_update_vals_names
(def pairs [["eng" "ann"] ["ops" "bob"] ["eng" "cid"]])
(update-vals (group-by first pairs) #(mapv second %))
;;;; realistic_people_leap_year_birthdays
(def people [{:n "a" :dob "2000-02-29"} {:n "b" :dob "1900-02-28"} {:n "c" :dob "2024-07-01"}])
(defn leap? [y] (and (zero? (mod y 4)) (or (pos? (mod y 100)) (zero? (mod y 400)))))
(mapv (fn [{:keys [n dob]}]
        (let [[y m d] (map parse-long (str/split dob #"-"))]
          [n (leap? y) (and (= m 2) (= d 29))]))
      people)
;;;; realistic_people_days_between_iso_dates
(def cum-days [0 31 59 90 120 151 181 212 243 273 304 334])
(defn day-of-year [date]
  (let [[_ _ m d] (map parse-long (re-matches #"(\d{4})-(\d{2})-(\d{2})" date))]
    (+ (nth cum-days (dec m)) d)))
(def stays [{:guest "ann" :in "2023-03-01" :out "2023-03-15"}
            {:guest "bob" :in "2023-01-30" :out "2023-02-02"}])
(mapv (fn [{:keys [guest in out]}] [guest (- (day-of-year out) (day-of-year in))]) stays)
;;;; realistic_people_err_days_between_groups_off_by_one
(def cum-days [0 31 59 90 120 151 181 212 243 273 304 334])
(defn day-of-year [date]
  (let [[_ m d] (map parse-long (re-matches #"(\d{4})-(\d{2})-(\d{2})" date))]
    (+ (nth cum-days (dec m)) d)))
(def stays [{:guest "ann" :in "2023-03-01" :out "2023-03-15"}
            {:guest "bob" :in "2023-01-30" :out "2023-02-02"}])
(mapv (fn [{:keys [guest in out]}] [guest (- (day-of-year out) (day-of-year in))]) stays)
;;;; realistic_people_bit_flags_permissions
(def perms {:read 1 :write 2 :admin 4})
(def users [{:n "a" :mask 3} {:n "b" :mask 4} {:n "c" :mask 0}])
(mapv (fn [{:keys [n mask]}]
        [n (vec (for [[p bit] perms :when (pos? (bit-and mask bit))] p))])
      users)
;;;; realistic_people_when_first_and_let_rest
(def queue ["ann" "bob" "cid"])
[(when-first [p queue] (str "next: " p))
 (when-first [p []] (str "next: " p))
 (let [[head & tail :as all] queue] [head (vec tail) (count all)])]
